export type ToastVariant = 'default' | 'success' | 'info' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; default 5000. */
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

let entries: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Shows a toast. Works from anywhere (components, hooks, plain functions). */
export function toast(options: ToastOptions): number {
  const id = nextId++;
  entries = [...entries.slice(-3), { ...options, id, open: true }];
  emit();
  return id;
}

export function dismissToast(id: number): void {
  entries = entries.map((entry) => (entry.id === id ? { ...entry, open: false } : entry));
  emit();
  setTimeout(() => {
    entries = entries.filter((entry) => entry.id !== id);
    emit();
  }, 300);
}

export const subscribeToasts = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
export const getToasts = () => entries;
export const hasToasts = () => entries.length > 0;
