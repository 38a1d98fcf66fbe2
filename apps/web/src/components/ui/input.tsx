import type { ComponentProps, InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const base =
  'w-full rounded-xl border border-navy-900/20 bg-white px-4 text-base text-ink placeholder:text-navy-900/40 shadow-sm transition-colors focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200 disabled:cursor-not-allowed disabled:bg-sand-100 disabled:opacity-70 aria-[invalid=true]:border-coral-600 aria-[invalid=true]:focus:ring-coral-500/25';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(base, 'h-12', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(base, 'min-h-28 py-3 leading-relaxed', className)} {...props} />;
}
