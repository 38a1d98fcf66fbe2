import { LIMITS } from '@camino/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { useVerifyCode } from '../api/use-verify-code';
import { schemas } from '../lib/schemas';

interface Props {
  phoneNumber: string | null;
  onClose: () => void;
  onVerified: () => void;
}

/** "Verificar número de teléfono": the 6-character code sent by SMS (spec section 2). */
export function VerifyPhoneDialog({ phoneNumber, onClose, onVerified }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const verify = useVerifyCode();

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
          toast({ title: t('auth.phoneVerified'), variant: 'success' });
          setCode('');
          onVerified();
        },
        onError: (failure) => {
          const message = failure instanceof ApiError && failure.code === 'INVALID_CODE' ? failure.message : t('auth.verifyFailed');
          setError(message);
          toast({ title: t('auth.verifyFailed'), description: message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog
      open={phoneNumber !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCode('');
          setError(undefined);
          onClose();
        }
      }}
      title={t('verify.title')}
      description={t('verify.description', { phone: phoneNumber ?? '' })}
      closeLabel={t('common.close')}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <Field label={t('verify.code')} error={error}>
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
      </form>
    </Dialog>
  );
}
