import { RadioGroup } from 'radix-ui';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';

interface StarRatingProps {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  starLabel: (n: number) => string;
  clearLabel: string;
  disabled?: boolean;
}

/** 1 to 5 stars as a radio group: arrow keys move, Space chooses, a screen reader hears "3 de 5 estrellas". */
export function StarRating({ label, value, onChange, starLabel, clearLabel, disabled }: StarRatingProps) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <p id={id} className="font-semibold text-navy-900">
        {label}
      </p>
      <div className="flex items-center gap-2">
        <RadioGroup.Root
          aria-labelledby={id}
          orientation="horizontal"
          value={value ? String(value) : ''}
          onValueChange={(v) => onChange(Number(v))}
          disabled={disabled}
          className="flex gap-1"
        >
          {[1, 2, 3, 4, 5].map((n) => (
            <RadioGroup.Item key={n} value={String(n)} aria-label={starLabel(n)} className="grid h-11 w-11 place-items-center rounded-lg hover:bg-sun-300/30">
              <Star aria-hidden="true" className={cn('h-7 w-7', value && n <= value ? 'fill-sun-400 text-sun-500' : 'text-navy-900/30')} />
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
        {value ? (
          <button
            type="button"
            onClick={() => onChange(undefined)}
            className="rounded px-2 py-1 text-sm text-muted underline-offset-4 hover:underline"
            disabled={disabled}
          >
            {clearLabel}
          </button>
        ) : null}
      </div>
    </div>
  );
}
