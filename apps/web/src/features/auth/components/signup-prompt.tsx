import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { registerTexts } from '@/lib/i18n';
import demoTexts from '@/locales/es/demo.json';

registerTexts(demoTexts);

/** '¡No te pierdas más respuestas!': after the guest demo, to register or sign in. */
export function SignupPrompt({
  open,
  onOpenChange,
  onRegister,
  onLogin,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRegister: () => void;
  onLogin: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('demo.promptTitle')} description={t('demo.promptBody')} closeLabel={t('common.close')}>
      <div className="flex flex-col gap-3">
        <Button variant="primary" size="lg" onClick={onRegister}>
          {t('demo.createAccount')}
        </Button>
        <Button variant="secondary" size="lg" onClick={onLogin}>
          {t('demo.haveAccount')}
        </Button>
      </div>
    </Dialog>
  );
}
