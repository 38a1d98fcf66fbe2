import { STORAGE_KEYS, toE164 } from '@camino/contracts';
import { KeyRound, Mail, Mic, Phone, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import loginWelcome from '@/assets/illustrations/login-welcome.svg';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Segmented } from '@/components/ui/segmented';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { storage } from '@/lib/storage';
import { usePageTitle } from '@/lib/use-page-title';
import { fieldErrors } from '@/lib/validate';
import { useSendCode } from './api/use-send-code';
import { useSession } from '@/lib/session';
import { useSignIn } from './api/use-sign-in';
import { useSignUp } from './api/use-sign-up';
import { ForgotPasswordDialog } from './components/forgot-password-dialog';
import { SignupPrompt } from './components/signup-prompt';
import { PhoneInput } from './components/phone-input';
import { VerifyPhoneDialog } from './components/verify-phone-dialog';
import { schemas } from './lib/schemas';
import { registerTexts } from '@/lib/i18n';
import loginTexts from '@/locales/es/login.json';

registerTexts(loginTexts);

type Mode = 'select' | 'login' | 'register';
type Method = 'email' | 'phone';

const emptyFields = { firstName: '', email: '', password: '', phone: '' };

/** The guest voice demo the page opens; the assistant feature gives it (composed in app/routes/login.tsx). */
export interface VoiceDemoProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The demo is used up: show the sign-up modal. */
  onLimit: () => void;
}

/** /login: the 'Bienvenido' card with its three modes (spec sections 2 and 4 "Auth screen mode"). */
export function LoginPage({ VoiceDemo }: { VoiceDemo: ComponentType<VoiceDemoProps> }) {
  const { t } = useTranslation();
  usePageTitle(t('login.signIn'));
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const session = useSession();

  const [mode, setMode] = useState<Mode>('select');
  const [method, setMethod] = useState<Method>('email');
  const [fields, setFields] = useState(emptyFields);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [verifying, setVerifying] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [demoOpen, setDemoOpen] = useState(false);
  const [promptOpen, setPromptOpen] = useState(false);
  const guestChecked = useRef(false);

  const signIn = useSignIn();
  const signUp = useSignUp();
  const sendCode = useSendCode();
  const busy = signIn.isPending || signUp.isPending || sendCode.isPending;

  // A session sends the visitor on: to the page they wanted, or to the chat (replace navigation).
  useEffect(() => {
    if (session.data) void navigate(from && from !== '/login' ? from : '/chat', { replace: true });
  }, [session.data, from, navigate]);

  // A guest who started paying comes back to finish registering: register mode, e-mail, prefilled.
  useEffect(() => {
    if (guestChecked.current) return;
    guestChecked.current = true;
    const guestEmail = storage.get(STORAGE_KEYS.guestSignupEmail);
    if (!guestEmail) return;
    changeMode('register');
    setMethod('email');
    setFields({ ...emptyFields, email: guestEmail, firstName: storage.get(STORAGE_KEYS.guestSignupName) ?? '' });
    toast({ title: t('auth.completeSubscription'), variant: 'info' });
  }, [t]);

  const set = (name: keyof typeof emptyFields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  const changeMode = (next: Mode) => {
    setMode(next);
    // Registration offers the phone first (spec: "Crear cuenta con número o correo electrónico").
    setMethod(next === 'register' ? 'phone' : 'email');
    setErrors({});
  };
  const reset = () => {
    setFields(emptyFields);
    setErrors({});
    setMode('select');
  };

  const validate = (schema: Parameters<typeof fieldErrors>[0]) => {
    const found = fieldErrors(schema, fields);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  // A refusal shows beside the form, where the person is looking, not in a toast (issue 14).
  const onAuthError = (error: unknown) => setErrors({ form: errorMessage(error, t, t('auth.authError')) });

  const lastIntent = useRef<'register' | 'login'>('login');
  const startPhone = (intent: 'register' | 'login') => {
    lastIntent.current = intent;
    const phoneNumber = toE164(fields.phone);
    if (intent === 'register') storage.set(STORAGE_KEYS.pendingRegistrationName, fields.firstName.trim());
    sendCode.mutate(
      { phoneNumber, intent, firstName: intent === 'register' ? fields.firstName.trim() : undefined },
      {
        onSuccess: ({ existing }) => {
          toast(
            intent === 'register' && existing
              ? { title: t('auth.phoneExists'), variant: 'info', kind: 'auth' }
              : { title: t('auth.codeSent'), variant: 'success', kind: 'auth' },
          );
          setVerifying(phoneNumber);
        },
        onError: (error) => setErrors({ phone: error instanceof ApiError ? errorMessage(error, t) : t('auth.sendCodeFailed') }),
      },
    );
  };

  const submitLogin = (event: FormEvent) => {
    event.preventDefault();
    if (method === 'phone') {
      if (validate(schemas.loginPhone)) startPhone('login');
      return;
    }
    if (!validate(schemas.loginEmail)) return;
    signIn.mutate(
      { email: fields.email.trim(), password: fields.password },
      {
        onSuccess: () => {
          toast({ title: t('auth.signedIn'), variant: 'success', kind: 'auth' });
          reset();
        },
        onError: onAuthError,
      },
    );
  };

  const submitRegister = (event: FormEvent) => {
    event.preventDefault();
    if (method === 'phone') {
      if (validate(schemas.registerPhone)) startPhone('register');
      return;
    }
    if (!validate(schemas.registerEmail)) return;
    signUp.mutate(
      { firstName: fields.firstName.trim(), email: fields.email.trim(), password: fields.password },
      {
        onSuccess: () => {
          toast({ title: t('auth.accountCreated'), description: t('auth.signedIn'), variant: 'success', kind: 'auth' });
          reset();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
            toast({ title: t('auth.emailExists'), variant: 'info', kind: 'auth' });
            setFields((current) => ({ ...current, password: '' }));
            changeMode('login');
            setMethod('email');
            return;
          }
          onAuthError(error);
        },
      },
    );
  };

  const err = (name: string) => (errors[name] ? t(errors[name]) : undefined);
  const changePhone = () => {
    setVerifying(null);
    setErrors({});
  };
  const phoneOption = {
    value: 'phone' as const,
    label: (
      <>
        <Phone aria-hidden="true" className="h-4 w-4" />
        {t('login.methodPhone')}
      </>
    ),
  };
  const emailOption = {
    value: 'email' as const,
    label: (
      <>
        <Mail aria-hidden="true" className="h-4 w-4" />
        {t('login.methodEmail')}
      </>
    ),
  };
  // Registering offers the phone first, signing in the e-mail first.
  const methodToggle = (
    <Segmented<Method>
      label={t('login.method')}
      value={method}
      onChange={(next) => {
        setMethod(next);
        setErrors({});
      }}
      disabled={busy}
      options={mode === 'register' ? [phoneOption, emailOption] : [emailOption, phoneOption]}
    />
  );

  const contactFields =
    method === 'phone' ? (
      <Field label={t('login.phone')} hint={t('login.phoneHint')} error={err('phone')}>
        <PhoneInput value={fields.phone} onValueChange={set('phone')} placeholder={t('login.phonePlaceholder')} disabled={busy} />
      </Field>
    ) : (
      <>
        <Field label={t('login.email')} error={err('email')}>
          <Input
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={(e) => set('email')(e.target.value)}
            placeholder={t('login.emailPlaceholder')}
            disabled={busy}
          />
        </Field>
        <Field label={t('login.password')} hint={mode === 'register' ? t('login.passwordHint') : undefined} error={err('password')}>
          <Input
            type="password"
            autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
            value={fields.password}
            onChange={(e) => set('password')(e.target.value)}
            disabled={busy}
          />
        </Field>
      </>
    );

  return (
    <div className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-sand-50 py-10 md:py-16">
      <div className="container-page flex justify-center">
        <section
          aria-labelledby="login-title"
          className="w-full max-w-md rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-pop)] ring-1 ring-navy-900/5 sm:p-8"
        >
          <img src={loginWelcome} alt="" width={480} height={360} className="mx-auto -mt-2 mb-2 h-28 w-auto" />
          <h1 id="login-title" className="text-center text-3xl font-bold">
            {t('login.title')}
          </h1>
          <p className="mt-2 text-center text-muted">{t('login.subtitle')}</p>

          {mode === 'select' ? (
            <div className="mt-8 flex flex-col gap-3">
              <Button variant="primary" size="lg" className="h-auto w-full flex-col gap-0.5 py-3" onClick={() => setDemoOpen(true)}>
                <span className="inline-flex items-center gap-2">
                  <Mic aria-hidden="true" className="h-5 w-5" />
                  {t('login.demo')}
                </span>
                <span className="text-sm font-medium opacity-80">{t('login.demoHint')}</span>
              </Button>
              <Button variant="brand" size="lg" className="w-full" onClick={() => changeMode('login')}>
                <KeyRound aria-hidden="true" className="h-5 w-5" />
                {t('login.signIn')}
              </Button>
              <button
                type="button"
                className="mt-2 rounded-lg py-2 text-center font-semibold text-brand-600 underline-offset-4 hover:underline"
                onClick={() => changeMode('register')}
              >
                <UserPlus aria-hidden="true" className="mr-1.5 inline h-4 w-4 align-[-2px]" />
                {t('login.createAccountLink')}
              </button>
            </div>
          ) : (
            <form
              onSubmit={mode === 'login' ? submitLogin : submitRegister}
              noValidate
              className="mt-6 space-y-5"
              aria-label={mode === 'login' ? t('login.loginTitle') : t('login.registerTitle')}
            >
              <h2 className="text-xl font-bold">{mode === 'login' ? t('login.loginTitle') : t('login.registerTitle')}</h2>
              {mode === 'register' ? (
                <Field label={t('login.firstName')} error={err('firstName')}>
                  <Input
                    autoComplete="given-name"
                    value={fields.firstName}
                    onChange={(e) => set('firstName')(e.target.value)}
                    placeholder={t('login.firstNamePlaceholder')}
                    disabled={busy}
                  />
                </Field>
              ) : null}
              {methodToggle}
              {contactFields}
              {errors.form ? (
                <p role="alert" data-testid="form-error" className="rounded-xl bg-coral-500/10 px-4 py-3 font-medium text-coral-700 ring-1 ring-coral-500/30">
                  {errors.form}
                </p>
              ) : null}
              <Button type="submit" variant="brand" size="lg" className="w-full" disabled={busy}>
                {busy ? t('login.processing') : method === 'phone' ? t('login.sendCode') : mode === 'login' ? t('login.signIn') : t('login.createAccount')}
              </Button>
              <div className="flex items-center justify-between gap-3">
                <Button variant="ghost" size="sm" onClick={reset} disabled={busy}>
                  {t('login.back')}
                </Button>
                {mode === 'login' && method === 'email' ? (
                  <button type="button" className="rounded text-sm font-semibold text-brand-600 hover:underline" onClick={() => setForgotOpen(true)}>
                    {t('login.forgot')}
                  </button>
                ) : null}
              </div>
            </form>
          )}
        </section>
      </div>
      <VerifyPhoneDialog
        phoneNumber={verifying}
        onClose={() => setVerifying(null)}
        onChangeNumber={changePhone}
        onResend={() =>
          sendCode.mutateAsync({
            phoneNumber: verifying!,
            intent: lastIntent.current === 'register' ? 'register' : 'login',
            firstName: lastIntent.current === 'register' ? fields.firstName.trim() : undefined,
          })
        }
        onVerified={() => {
          // The dialog already said "Número de teléfono verificado exitosamente".
          setVerifying(null);
          reset();
        }}
      />
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} initialEmail={fields.email} />
      {demoOpen ? <VoiceDemo open={demoOpen} onOpenChange={setDemoOpen} onLimit={() => setPromptOpen(true)} /> : null}
      <SignupPrompt
        open={promptOpen}
        onOpenChange={setPromptOpen}
        onRegister={() => {
          setPromptOpen(false);
          setDemoOpen(false);
          changeMode('register');
        }}
        onLogin={() => {
          setPromptOpen(false);
          setDemoOpen(false);
          changeMode('login');
        }}
      />
    </div>
  );
}
