import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { ForgotPasswordDialog } from './components/forgot-password-dialog';
import { errorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { fieldErrors } from '@/lib/validate';
import { useResetPassword } from './api/use-password-reset';
import { schemas } from './lib/schemas';
import { registerTexts } from '@/lib/i18n';
import loginTexts from '@/locales/es/login.json';

registerTexts(loginTexts);

/** /reset-password?token=...: the page the reset e-mail links to. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('reset.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = useResetPassword();
  const [expired, setExpired] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(schemas.reset, { password });
    if (!found.password && password !== confirm) found.confirm = 'reset.mismatch';
    setErrors(found);
    if (Object.keys(found).length || !token) return;
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => {
          toast({ title: t('reset.done'), variant: 'success', kind: 'auth' });
          void navigate('/login', { replace: true });
        },
        onError: (error) => {
          // An expired or used link: say so and offer a new one right here.
          if (error instanceof ApiError && error.code === 'INVALID_RESET_TOKEN') setExpired(true);
          else setErrors({ form: errorMessage(error, t, t('auth.authError')) });
        },
      },
    );
  };

  return (
    <div className="bg-gradient-to-b from-brand-50 to-sand-50 py-10 md:py-16">
      <div className="container-page flex justify-center">
        <section
          aria-labelledby="reset-title"
          className="w-full max-w-md rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-pop)] ring-1 ring-navy-900/5 sm:p-8"
        >
          <h1 id="reset-title" className="text-3xl font-bold">
            {t('reset.title')}
          </h1>
          {token && !expired ? (
            <form onSubmit={submit} noValidate className="mt-6 space-y-5">
              <p className="text-muted">{t('reset.subtitle')}</p>
              <Field label={t('reset.password')} hint={t('login.passwordHint')} error={errors.password ? t(errors.password) : undefined}>
                <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
              </Field>
              <Field label={t('reset.confirm')} error={errors.confirm ? t(errors.confirm) : undefined}>
                <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
              </Field>
              {errors.form ? (
                <p role="alert" className="rounded-xl bg-coral-500/10 px-4 py-3 font-medium text-coral-700">
                  {errors.form}
                </p>
              ) : null}
              <Button type="submit" variant="brand" size="lg" className="w-full" disabled={reset.isPending}>
                {reset.isPending ? t('login.processing') : t('reset.submit')}
              </Button>
            </form>
          ) : (
            <div className="mt-6 space-y-5">
              <p role="alert" data-testid="reset-expired" className="text-ink">
                {expired ? t('errors.INVALID_RESET_TOKEN') : t('reset.missingToken')}
              </p>
              <div className="flex flex-wrap gap-3">
                <Button variant="brand" onClick={() => setForgotOpen(true)}>
                  {t('reset.newLink')}
                </Button>
                <Link to="/login" className={buttonClasses('secondary')}>
                  {t('reset.toLogin')}
                </Link>
              </div>
            </div>
          )}
        </section>
      </div>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} initialEmail="" />
    </div>
  );
}
