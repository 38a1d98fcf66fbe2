import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
  /** Called when the drawer has closed and is about to give focus back (call preventDefault to keep it). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** A drawer sliding in from the right (the mobile navigation). */
export function Sheet({ open, onOpenChange, title, closeLabel, children, onCloseAutoFocus }: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-navy-950/50 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-y-0 right-0 z-50 flex w-[86vw] max-w-sm flex-col bg-sand-50 shadow-[var(--shadow-pop)] data-[state=open]:animate-fade-in"
        >
          <div className="flex items-center justify-between border-b border-navy-900/10 px-5 py-4">
            <Dialog.Title className="text-lg font-bold text-navy-900">{title}</Dialog.Title>
            <Dialog.Close className="grid h-11 w-11 place-items-center rounded-full hover:bg-navy-900/5" aria-label={closeLabel}>
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-3 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
