import { BILLING, formatCardNumber, formatCvv, formatExpiry, LIMITS, paymentFormSchema, STORAGE_KEYS, toApiExpiry } from '@camino/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Lock, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { dismissKind, toast } from '@/components/ui/toast-store';
import { sessionQueryKey, useSession } from '@/lib/session';
import { storage } from '@/lib/storage';
import { fieldErrors } from '@/lib/validate';
import { authorizeSubscription } from '../api/authorize-sub';
import { registerTexts } from '@/lib/i18n';
import paymentTexts from '@/locales/es/payment.json';

registerTexts(paymentTexts);

type State = 'idle' | 'processing' | 'success' | 'error';

/** The day of the first $9.99 charge (today + 7 days), as a long date in the interface's language. */
export function firstChargeDate(language: string, now = new Date()): string {
  const date = new Date(now.getTime() + BILLING.trialDays * 86_400_000);
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'long' }).format(date);
}

const VALIDATION_KEYS: Record<string, string> = {
  'Por favor ingresa tu nombre': 'payment.validation.firstName',
  'Por favor ingresa tu apellido': 'payment.validation.lastName',
  'Por favor ingresa un correo electrónico válido': 'payment.validation.email',
  'La contraseña debe tener al menos 6 caracteres': 'payment.validation.password',
  'Número de tarjeta inválido': 'payment.validation.cardNumber',
  'Usa el formato MM/AA': 'payment.validation.expiry',
  'CVV inválido': 'payment.validation.cvv',
};

interface PaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog was closed after a failed payment (the chooser shows its result). */
  onFailedClose?: (message: string) => void;
}

/**
 * 'Suscripción - 7 días por solo $1' (spec sections 2, 4 "Payment dialog" and 5 "Payment form"):
 * idle -> processing -> success or error; on success the session is set and, 3 seconds later, the
 * dialog closes and the app goes to the server's redirect path or /chat.
 */
export function PaymentDialog({ open, onOpenChange, onFailedClose }: PaymentDialogProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useSession();
  const [state, setState] = useState<State>('idle');
  const [message, setMessage] = useState('');
  const [receiptTo, setReceiptTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [fields, setFields] = useState({ firstName: '', lastName: '', email: '', password: '', cardNumber: '', expirationDate: '', cvv: '' });
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  // A signed-in user's name and e-mail are filled in, and no password is asked.
  useEffect(() => {
    if (open && user) {
      setFields((f) => ({
        ...f,
        firstName: f.firstName || user.profile.firstName || '',
        lastName: f.lastName || user.profile.lastName || '',
        email: f.email || user.email || '',
      }));
    }
  }, [open, user]);

  const set = (name: keyof typeof fields, format?: (v: string) => string) => (value: string) =>
    setFields((f) => ({ ...f, [name]: format ? format(value) : value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'processing') return;
    const schema = user ? paymentFormSchema.omit({ password: true }) : paymentFormSchema.required({ password: true });
    const found = fieldErrors(schema, fields);
    setErrors(found);
    if (Object.keys(found).length) return;
    if (!user) {
      // A guest who starts paying is remembered for the login screen, until a session exists.
      storage.set(STORAGE_KEYS.guestSignupEmail, fields.email.trim());
      storage.set(STORAGE_KEYS.guestSignupName, fields.firstName.trim());
    }
    setState('processing');
    const outcome = await authorizeSubscription(
      {
        firstName: fields.firstName.trim(),
        lastName: fields.lastName.trim(),
        email: fields.email.trim(),
        ...(user ? {} : { password: fields.password }),
        cardNumber: fields.cardNumber.replace(/\s+/g, ''),
        expirationDate: toApiExpiry(fields.expirationDate),
        cvv: fields.cvv,
      },
      t,
    );
    if (!outcome.ok) {
      setMessage(outcome.message);
      setState('error');
      toast({ title: `${t('payment.errorToast')}${outcome.message}`, variant: 'destructive', kind: 'payment' });
      return;
    }
    setReceiptTo(fields.email.trim());
    setState('success');
    toast({ title: t('payment.successToast'), variant: 'success', kind: 'payment' });
    // The 3 seconds start now; the session and usage are refreshed meanwhile, and the app moves on
    // once both are (so the protected page sees the new session).
    const refreshed = Promise.all([queryClient.invalidateQueries({ queryKey: sessionQueryKey }), queryClient.invalidateQueries({ queryKey: ['usage'] })]);
    timer.current = window.setTimeout(() => {
      void refreshed.then(() => {
        onOpenChange(false);
        setState('idle');
        void navigate(outcome.redirectTo);
      });
    }, LIMITS.paymentRedirectDelayMs);
  };

  const err = (name: string) => (errors[name] ? t(VALIDATION_KEYS[errors[name]!] ?? errors[name]!) : undefined);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (state === 'processing' || state === 'success') return;
        if (!next && state === 'error') onFailedClose?.(message);
        if (!next) setState('idle');
        onOpenChange(next);
      }}
      title={t('payment.title')}
      description={state === 'idle' || state === 'processing' ? t('payment.description') : undefined}
      closeLabel={t('common.close')}
      hideClose={state === 'processing' || state === 'success'}
      size="lg"
    >
      {state === 'success' ? (
        <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
          <CheckCircle2 aria-hidden="true" className="h-14 w-14 text-teal-500" />
          <p className="text-2xl font-bold">{t('payment.successTitle')}</p>
          <p className="text-lg">{t('payment.successBody')}</p>
          <p data-testid="payment-receipt" className="text-muted">
            {t('payment.receipt', { email: receiptTo })}
          </p>
          <p className="text-muted">{t('payment.redirecting')}</p>
        </div>
      ) : state === 'error' ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-4 text-center">
          <TriangleAlert aria-hidden="true" className="h-12 w-12 text-coral-700" />
          <p className="text-2xl font-bold">{t('payment.errorTitle')}</p>
          <p data-testid="payment-error" className="text-ink">
            {message}
          </p>
          <Button
            variant="brand"
            size="lg"
            onClick={() => {
              setMessage('');
              dismissKind('payment');
              setState('idle');
            }}
          >
            {t('payment.retry')}
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <div data-testid="payment-terms" className="rounded-2xl bg-brand-50 p-4 text-ink ring-1 ring-brand-300/50">
            <p className="font-semibold">{t('payment.firstCharge', { date: firstChargeDate(i18n.language) })}</p>
            <p className="mt-1 text-sm">{t('payment.howToCancel', { date: firstChargeDate(i18n.language) })}</p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('payment.firstName')} error={err('firstName')}>
              <Input autoComplete="given-name" value={fields.firstName} onChange={(e) => set('firstName')(e.target.value)} disabled={state === 'processing'} />
            </Field>
            <Field label={t('payment.lastName')} error={err('lastName')}>
              <Input autoComplete="family-name" value={fields.lastName} onChange={(e) => set('lastName')(e.target.value)} disabled={state === 'processing'} />
            </Field>
          </div>
          <Field label={t('payment.email')} error={err('email')}>
            <Input
              type="email"
              autoComplete="email"
              value={fields.email}
              onChange={(e) => set('email')(e.target.value)}
              disabled={state === 'processing' || !!user?.email}
            />
          </Field>
          {user ? null : (
            <Field label={t('payment.password')} hint={t('payment.passwordHint')} error={err('password')}>
              <Input
                type="password"
                autoComplete="new-password"
                value={fields.password}
                onChange={(e) => set('password')(e.target.value)}
                disabled={state === 'processing'}
              />
            </Field>
          )}
          <Field label={t('payment.cardNumber')} error={err('cardNumber')}>
            <Input
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={19}
              placeholder={t('payment.cardPlaceholder')}
              value={fields.cardNumber}
              onChange={(e) => set('cardNumber', formatCardNumber)(e.target.value)}
              disabled={state === 'processing'}
            />
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field label={t('payment.expiry')} error={err('expirationDate')}>
              <Input
                inputMode="numeric"
                autoComplete="cc-exp"
                maxLength={5}
                placeholder={t('payment.expiryPlaceholder')}
                value={fields.expirationDate}
                onChange={(e) => set('expirationDate', formatExpiry)(e.target.value)}
                disabled={state === 'processing'}
              />
            </Field>
            <Field label={t('payment.cvv')} error={err('cvv')}>
              <Input
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                placeholder={t('payment.cvvPlaceholder')}
                value={fields.cvv}
                onChange={(e) => set('cvv', formatCvv)(e.target.value)}
                disabled={state === 'processing'}
              />
            </Field>
          </div>
          <Button type="submit" variant="primary" size="lg" className="w-full" disabled={state === 'processing'}>
            {state === 'processing' ? t('payment.processing') : t('payment.pay')}
          </Button>
          <p className="flex items-center justify-center gap-1.5 text-sm text-muted">
            <Lock aria-hidden="true" className="h-4 w-4" />
            {t('payment.secure')}
          </p>
        </form>
      )}
    </Dialog>
  );
}
