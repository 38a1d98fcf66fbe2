import { Slot } from 'radix-ui';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  primary: 'bg-sun-400 text-navy-950 hover:bg-sun-500 shadow-sm',
  brand: 'bg-brand-600 text-white hover:bg-brand-700 shadow-sm',
  secondary: 'bg-white text-navy-900 ring-1 ring-inset ring-navy-900/15 hover:bg-sand-100',
  ghost: 'text-navy-900 hover:bg-navy-900/5',
  outlineLight: 'text-white ring-1 ring-inset ring-white/50 hover:bg-white/10',
  destructive: 'bg-coral-700 text-white hover:bg-coral-600',
  link: 'text-brand-600 underline underline-offset-4 hover:text-brand-700 px-0',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-13 px-7 text-lg',
  icon: 'h-11 w-11',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a link) with the button's look. */
  asChild?: boolean;
}

export function buttonClasses(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md', extra?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors select-none',
    'disabled:pointer-events-none disabled:opacity-50 cursor-pointer',
    variants[variant],
    sizes[size],
    extra,
  );
}

export function Button({ variant, size, asChild, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return <Component className={buttonClasses(variant, size, className)} type={asChild ? undefined : (type ?? 'button')} {...props} />;
}
