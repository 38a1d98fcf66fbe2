import { lazy, Suspense } from 'react';
import { usePlanChooserState } from '@/lib/plan-chooser';

const PlanChooser = lazy(() => import('./components/plan-chooser').then((m) => ({ default: m.PlanChooser })));

/** Mounted once in the layout; the chooser's code loads the first time someone opens it. */
export function PlanChooserHost() {
  const { used } = usePlanChooserState();
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <PlanChooser />
    </Suspense>
  );
}
