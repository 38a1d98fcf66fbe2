import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/error-message';
import { fieldErrors } from '@/lib/validate';
import { useRequestPasswordReset } from '../api/use-password-reset';
import { schemas } from '../lib/schemas';
import { registerTexts } from '@/lib/i18n';
import loginTexts from '@/locales/es/login.json';

registerTexts(loginTexts);

/** "¿Olvidaste tu contraseña?": sends the reset link by e-mail. */
export function ForgotPasswordDialog({ open, onOpenChange, initialEmail }: { open: boolean; onOpenChange: (open: boolean) => void; initialEmail: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const request = useRequestPasswordReset();
  useEffect(() => {
    if (open) {
      setEmail(initialEmail);
      setError(undefined);
    }
  }, [open, initialEmail]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = fieldErrors(schemas.forgot, { email });
    setError(errors.email ? t(errors.email) : undefined);
    if (errors.email) return;
    request.mutate(email.trim(), {
      onSuccess: () => {
        toast({ title: t('forgot.sent'), variant: 'success', duration: 8000, kind: 'auth' });
        onOpenChange(false);
      },
      onError: (failure) => setError(errorMessage(failure, t, t('auth.authError'))),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('forgot.title')} description={t('forgot.description')} closeLabel={t('common.close')}>
      <form onSubmit={submit} noValidate className="space-y-5">
        <Field label={t('login.email')} error={error}>
          <Input type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} placeholder={t('login.emailPlaceholder')} />
        </Field>
        <Button type="submit" variant="brand" size="lg" className="w-full" disabled={request.isPending}>
          {request.isPending ? t('login.processing') : t('forgot.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
