import { RadioGroup as Primitive } from 'radix-ui';
import { useId } from 'react';

interface RadioGroupProps<T extends string> {
  legend: string;
  value: T;
  onChange: (value: T) => void;
  options: Array<{ value: T; label: string }>;
  disabled?: boolean;
}

export function RadioGroup<T extends string>({ legend, value, onChange, options, disabled }: RadioGroupProps<T>) {
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend id={id} className="mb-1.5 font-semibold text-navy-900">
        {legend}
      </legend>
      <Primitive.Root aria-labelledby={id} value={value} onValueChange={(next) => onChange(next as T)} disabled={disabled} className="flex flex-wrap gap-3">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl bg-white px-4 ring-1 ring-navy-900/15 has-[[data-state=checked]]:ring-2 has-[[data-state=checked]]:ring-brand-500"
          >
            <Primitive.Item
              value={option.value}
              className="grid h-5 w-5 place-items-center rounded-full border-2 border-navy-900/40 data-[state=checked]:border-brand-600"
            >
              <Primitive.Indicator className="h-2.5 w-2.5 rounded-full bg-brand-600" />
            </Primitive.Item>
            <span className="font-medium">{option.label}</span>
          </label>
        ))}
      </Primitive.Root>
    </fieldset>
  );
}
