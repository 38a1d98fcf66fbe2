import { toast, type ToastOptions } from '@/components/ui/toast-store';

const KEY = 'flashToast';

/** A toast to show after the next page load (the settings page reloads when the language changes). */
export function setFlashToast(options: ToastOptions): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(options));
  } catch {
    // No storage: the toast is lost, the save is not.
  }
}

export function showFlashToast(): void {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return;
    sessionStorage.removeItem(KEY);
    toast(JSON.parse(raw) as ToastOptions);
  } catch {
    // Ignore a malformed entry.
  }
}
