import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { fieldErrors } from '@/lib/validate';
import { useResetPassword } from './api/use-password-reset';
import { schemas } from './lib/schemas';

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
          toast({ title: t('reset.done'), variant: 'success' });
          void navigate('/login', { replace: true });
        },
        onError: (error) => toast({ title: t('auth.authError'), description: errorMessage(error, t), variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="bg-gradient-to-b from-brand-50 to-sand-50 py-10 md:py-16">
      <div className="container-page flex justify-center">
        <section aria-labelledby="reset-title" className="w-full max-w-md rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-pop)] ring-1 ring-navy-900/5 sm:p-8">
          <h1 id="reset-title" className="text-3xl font-bold">
            {t('reset.title')}
          </h1>
          {token ? (
            <form onSubmit={submit} noValidate className="mt-6 space-y-5">
              <p className="text-muted">{t('reset.subtitle')}</p>
              <Field label={t('reset.password')} hint={t('login.passwordHint')} error={errors.password ? t(errors.password) : undefined}>
                <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
              </Field>
              <Field label={t('reset.confirm')} error={errors.confirm ? t(errors.confirm) : undefined}>
                <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
              </Field>
              <Button type="submit" variant="brand" size="lg" className="w-full" disabled={reset.isPending}>
                {reset.isPending ? t('login.processing') : t('reset.submit')}
              </Button>
            </form>
          ) : (
            <div className="mt-6 space-y-5">
              <p role="alert" className="text-muted">
                {t('reset.missingToken')}
              </p>
              <Link to="/login" className={buttonClasses('brand')}>
                {t('reset.toLogin')}
              </Link>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
