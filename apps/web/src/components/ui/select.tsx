import { Select as Primitive } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { useId } from 'react';

interface SelectProps<T extends string> {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: Array<{ value: T; label: string }>;
  disabled?: boolean;
}

/** An accessible select (Radix). Items never have an empty value (spec section 5 "Settings"). */
export function Select<T extends string>({ label, value, onChange, options, disabled }: SelectProps<T>) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label id={id} className="block font-semibold text-navy-900">
        {label}
      </label>
      <Primitive.Root value={value} onValueChange={(next) => next && onChange(next as T)} disabled={disabled}>
        <Primitive.Trigger
          aria-labelledby={id}
          className="flex h-12 w-full items-center justify-between gap-2 rounded-xl border border-navy-900/20 bg-white px-4 text-left shadow-sm focus:border-brand-500 focus:ring-3 focus:ring-brand-200 focus:outline-none"
        >
          <Primitive.Value />
          <Primitive.Icon>
            <ChevronDown aria-hidden="true" className="h-5 w-5 text-navy-900/60" />
          </Primitive.Icon>
        </Primitive.Trigger>
        <Primitive.Portal>
          <Primitive.Content
            position="popper"
            sideOffset={6}
            className="z-50 max-h-80 w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl bg-white shadow-[var(--shadow-pop)] ring-1 ring-navy-900/10"
          >
            <Primitive.Viewport className="p-1">
              {options.map((option) => (
                <Primitive.Item
                  key={option.value}
                  value={option.value}
                  className="relative flex min-h-11 cursor-pointer items-center rounded-lg py-2 pr-3 pl-9 outline-none select-none data-[highlighted]:bg-brand-50 data-[state=checked]:font-semibold"
                >
                  <Primitive.ItemIndicator className="absolute left-2.5">
                    <Check aria-hidden="true" className="h-4 w-4 text-brand-600" />
                  </Primitive.ItemIndicator>
                  <Primitive.ItemText>{option.label}</Primitive.ItemText>
                </Primitive.Item>
              ))}
            </Primitive.Viewport>
          </Primitive.Content>
        </Primitive.Portal>
      </Primitive.Root>
    </div>
  );
}
