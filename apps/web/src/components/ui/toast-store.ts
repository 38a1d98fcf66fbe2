export type ToastVariant = 'default' | 'success' | 'info' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; default 5000. */
  duration?: number;
  /**
   * What the toast is about ('payment', 'auth', ...). A new toast of a kind replaces the one showing,
   * so a success takes the place of the error it resolves. Default: the title, so the same message
   * never stacks.
   */
  kind?: string;
}

export interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

let entries: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** At most this many toasts at once; the oldest goes first. */
const MAX_VISIBLE = 2;

/** Shows a toast. Works from anywhere (components, hooks, plain functions). */
export function toast(options: ToastOptions): number {
  const id = nextId++;
  const kind = options.kind ?? options.title;
  const others = entries.filter((entry) => entry.open && (entry.kind ?? entry.title) !== kind);
  entries = [...others.slice(-(MAX_VISIBLE - 1)), { ...options, kind, id, open: true }];
  emit();
  return id;
}

/** Closes the toasts of a kind (an error the user has just fixed). */
export function dismissKind(kind: string): void {
  const ids = entries.filter((entry) => entry.open && (entry.kind ?? entry.title) === kind).map((entry) => entry.id);
  ids.forEach(dismissToast);
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
