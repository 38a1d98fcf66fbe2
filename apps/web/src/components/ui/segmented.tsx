import { RadioGroup } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SegmentedProps<T extends string> {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: Array<{ value: T; label: ReactNode }>;
  disabled?: boolean;
}

/** Two or three mutually exclusive choices shown as a pill toggle (a radio group for assistive tech). */
export function Segmented<T extends string>({ label, value, onChange, options, disabled }: SegmentedProps<T>) {
  return (
    <RadioGroup.Root
      aria-label={label}
      value={value}
      onValueChange={(next) => onChange(next as T)}
      disabled={disabled}
      orientation="horizontal"
      className="grid grid-flow-col gap-1 rounded-full bg-sand-100 p-1 ring-1 ring-navy-900/10"
    >
      {options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          className={cn(
            'flex h-10 items-center justify-center gap-2 rounded-full px-4 font-semibold transition-colors',
            option.value === value ? 'bg-white text-brand-700 shadow-sm' : 'text-navy-900/70 hover:text-navy-900',
          )}
        >
          {option.label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
