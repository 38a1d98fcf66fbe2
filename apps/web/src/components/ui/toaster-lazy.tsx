import { lazy, Suspense, useSyncExternalStore } from 'react';
import { hasToasts, subscribeToasts } from './toast-store';

const Toaster = lazy(() => import('./toast').then((m) => ({ default: m.Toaster })));

let used = false;

/**
 * Mounts the toast viewport once there is something to show (and keeps it from then on), so a page
 * load that shows no toast does not pay for it.
 */
export function LazyToaster({ closeLabel, label }: { closeLabel: string; label: string }) {
  const pending = useSyncExternalStore(subscribeToasts, hasToasts, hasToasts);
  if (pending) used = true;
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Toaster closeLabel={closeLabel} label={label} />
    </Suspense>
  );
}
