import { Sparkles } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Button, type ButtonProps } from '@/components/ui/button';
import { openPlanChooser } from '@/lib/plan-chooser';

/** 'Prueba 7 días por $1': opens the plan chooser. */
export function PlanTrigger({ label, ...props }: ButtonProps & { label?: string }) {
  const { t } = useTranslation();
  return (
    <Button variant="primary" onClick={openPlanChooser} {...props}>
      <Sparkles aria-hidden="true" className="h-4 w-4" />
      {label ?? t('plans.trigger')}
    </Button>
  );
}
