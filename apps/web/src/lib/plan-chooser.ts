import { useSyncExternalStore } from 'react';

/**
 * Opens the plan chooser from anywhere (the landing call-to-action, the chat's limit notice, the
 * header), without loading its code until it is first opened.
 */
let open = false;
let used = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function openPlanChooser(): void {
  open = true;
  used = true;
  emit();
}

export function closePlanChooser(): void {
  open = false;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function usePlanChooserState(): { open: boolean; used: boolean } {
  const isOpen = useSyncExternalStore(
    subscribe,
    () => open,
    () => open,
  );
  return { open: isOpen, used };
}
