import { Dialog as Primitive } from 'radix-ui';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  children: ReactNode;
  /** Hide the corner close button (when the dialog must be answered). */
  hideClose?: boolean;
  /** The widest the dialog gets (it always fits the screen). */
  size?: keyof typeof SIZES;
}

// Whole class names, so that Tailwind finds them.
const SIZES = { md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-xl', '3xl': 'max-w-3xl' } as const;

/** A centred modal dialog (Radix): focus trapped, Escape closes, labelled by its title. */
export function Dialog({ open, onOpenChange, title, description, closeLabel, children, hideClose, size = 'md' }: DialogProps) {
  return (
    <Primitive.Root open={open} onOpenChange={onOpenChange}>
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-40 bg-navy-950/55 data-[state=open]:animate-fade-in" />
        <Primitive.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[92dvh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-pop)] data-[state=open]:animate-fade-in sm:p-8',
            SIZES[size],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Primitive.Title className="pr-8 text-2xl font-bold text-navy-900">{title}</Primitive.Title>
          {description ? <Primitive.Description className="mt-2 text-muted">{description}</Primitive.Description> : null}
          <div className="mt-5">{children}</div>
          {hideClose ? null : (
            <Primitive.Close
              aria-label={closeLabel}
              className="absolute top-4 right-4 grid h-10 w-10 place-items-center rounded-full text-navy-900/60 hover:bg-navy-900/5 hover:text-navy-900"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Primitive.Close>
          )}
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
