import { Toast as Primitive } from 'radix-ui';
import { CheckCircle2, Info, TriangleAlert, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, type ToastVariant } from './toast-store';
import { cn } from '@/lib/cn';

const styles: Record<ToastVariant, string> = {
  default: 'bg-white text-ink ring-navy-900/10',
  success: 'bg-white text-ink ring-teal-500/40',
  info: 'bg-brand-50 text-ink ring-brand-300/60',
  destructive: 'bg-coral-700 text-white ring-coral-700',
};

const icons = { default: Info, success: CheckCircle2, info: Info, destructive: TriangleAlert } as const;

export function Toaster({ closeLabel, label }: { closeLabel: string; label: string }) {
  const list = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <Primitive.Provider swipeDirection="right" duration={5000} label={label}>
      {list.map((entry) => {
        const variant = entry.variant ?? 'default';
        const Icon = icons[variant];
        return (
          <Primitive.Root
            key={entry.id}
            open={entry.open}
            duration={entry.duration}
            type={variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(open) => !open && dismissToast(entry.id)}
            data-toast
            data-variant={variant}
            className={cn(
              'pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl p-4 pr-11 shadow-[var(--shadow-pop)] ring-1 data-[state=open]:animate-fade-in',
              styles[variant],
            )}
          >
            <Icon
              aria-hidden="true"
              className={cn('mt-0.5 h-5 w-5 shrink-0', variant === 'destructive' ? 'text-white' : variant === 'success' ? 'text-teal-500' : 'text-brand-600')}
            />
            <div className="min-w-0">
              <Primitive.Title className="font-semibold">{entry.title}</Primitive.Title>
              {entry.description ? <Primitive.Description className="mt-0.5 text-sm opacity-90">{entry.description}</Primitive.Description> : null}
            </div>
            <Primitive.Close
              aria-label={closeLabel}
              className="absolute top-2 right-2 grid h-9 w-9 place-items-center rounded-full opacity-70 hover:opacity-100"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </Primitive.Close>
          </Primitive.Root>
        );
      })}
      {/* Below 1024 px the toasts sit at the top, where no form's primary button is; on wide screens
          at the bottom right, beside the centred forms. */}
      <Primitive.Viewport className="fixed top-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-3 outline-none lg:top-auto lg:right-4 lg:bottom-4 lg:p-4" />
    </Primitive.Provider>
  );
}
