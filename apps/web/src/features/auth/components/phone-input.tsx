import { sanitizePhoneInput } from '@camino/contracts';
import type { InputHTMLAttributes } from 'react';
import { Input } from '@/components/ui/input';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string;
  onValueChange: (digits: string) => void;
};

/**
 * US phone number: +1 shown in front, every non-digit stripped, at most 10 digits (spec section 5).
 * No maxLength attribute: it would cut a pasted "(555) 123-4567" before the non-digits are removed.
 */
export function PhoneInput({ value, onValueChange, ...props }: Props) {
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-4 font-semibold text-navy-900/70">
        +1
      </span>
      <Input
        {...props}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        value={value}
        onChange={(event) => onValueChange(sanitizePhoneInput(event.target.value))}
        className="pl-11 tracking-wide"
      />
    </div>
  );
}
