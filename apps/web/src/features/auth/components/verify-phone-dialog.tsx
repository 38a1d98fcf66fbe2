import { LIMITS } from '@camino/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useVerifyCode } from '../api/use-verify-code';
import { schemas } from '../lib/schemas';
import { registerTexts } from '@/lib/i18n';
import loginTexts from '@/locales/es/login.json';

registerTexts(loginTexts);

interface Props {
  phoneNumber: string | null;
  onClose: () => void;
  onVerified: () => void;
  /** Sends another code to the same number (the server allows LIMITS.smsCodesPerHour an hour). */
  onResend: () => Promise<unknown>;
  /** Back to the form to correct the number. */
  onChangeNumber: () => void;
}

/**
 * "Verificar número de teléfono": the 6-character code sent by SMS (spec section 2), with "send a new
 * code" (after LIMITS.resendCodeAfterSeconds) and "change number". Errors show beside the field; a
 * new code or a success replaces them.
 */
export function VerifyPhoneDialog({ phoneNumber, onClose, onVerified, onResend, onChangeNumber }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [wait, setWait] = useState<number>(LIMITS.resendCodeAfterSeconds);
  const [resending, setResending] = useState(false);
  const verify = useVerifyCode();

  // The countdown restarts whenever the dialog opens for a number.
  useEffect(() => {
    if (phoneNumber) setWait(LIMITS.resendCodeAfterSeconds);
  }, [phoneNumber]);
  useEffect(() => {
    if (!phoneNumber || wait <= 0) return;
    const timer = window.setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [phoneNumber, wait]);

  const clear = () => {
    setCode('');
    setError(undefined);
    setNotice(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schemas.code.safeParse(code);
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]!.message));
      return;
    }
    setError(undefined);
    verify.mutate(
      { phoneNumber: phoneNumber!, code: parsed.data },
      {
        onSuccess: () => {
          toast({ title: t('auth.phoneVerified'), variant: 'success', kind: 'auth' });
          clear();
          onVerified();
        },
        onError: (failure) => {
          setNotice(undefined);
          setError(failure instanceof ApiError && failure.code === 'INVALID_CODE' ? failure.message : errorMessage(failure, t, t('auth.verifyFailed')));
        },
      },
    );
  };

  const resend = async () => {
    setResending(true);
    try {
      await onResend();
      setError(undefined);
      setCode('');
      setNotice(t('verify.resent'));
      setWait(LIMITS.resendCodeAfterSeconds);
    } catch (failure) {
      setNotice(undefined);
      setError(errorMessage(failure, t, t('auth.sendCodeFailed')));
    } finally {
      setResending(false);
    }
  };

  return (
    <Dialog
      open={phoneNumber !== null}
      onOpenChange={(open) => {
        if (!open) {
          clear();
          onClose();
        }
      }}
      title={t('verify.title')}
      description={t('verify.description', { phone: phoneNumber ?? '' })}
      closeLabel={t('common.close')}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <Field label={t('verify.code')} error={error} hint={notice}>
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder={t('verify.placeholder')}
            maxLength={LIMITS.verificationCodeLength}
            inputMode="numeric"
            autoComplete="one-time-code"
            // The dialog opens for this one field: focus goes where the code is typed (WAI-ARIA dialog pattern).
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            className="text-center text-2xl tracking-[0.4em]"
          />
        </Field>
        <Button type="submit" variant="brand" size="lg" className="w-full" disabled={verify.isPending}>
          {verify.isPending ? t('verify.busy') : t('verify.submit')}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={() => void resend()} disabled={wait > 0 || resending || verify.isPending}>
            {wait > 0 ? t('verify.resendIn', { seconds: wait }) : t('verify.resend')}
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              clear();
              onChangeNumber();
            }}
          >
            {t('verify.changeNumber')}
          </Button>
        </div>
        <p className="text-center text-sm text-muted">{t('verify.limitNote', { count: LIMITS.smsCodesPerHour })}</p>
      </form>
    </Dialog>
  );
}
