import { parseDeletionContact, type DeletionRequest } from '@camino/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { forgetAnswers } from '@/lib/offline-answers';
import { useSession } from '@/lib/session';
import { ApiError, api } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { registerTexts } from '@/lib/i18n';
import deleteAccountTexts from '@/locales/es/delete-account.json';

registerTexts(deleteAccountTexts);

/**
 * /delete-account: the deletion request (spec sections 2, 4, 5 "Deletion form", 8). Signed out, the
 * account's e-mail or phone. Errors show beside their field, in Spanish (noValidate: no browser bubbles).
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('deleteAccount.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const signedIn = !!session.data;
  const [contact, setContact] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ contact?: string; reason?: string; form?: string }>({});
  const send = useMutation({ mutationFn: (body: DeletionRequest) => api.post('/api/account/deletion-request', body) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!signedIn) {
      if (!contact.trim()) found.contact = t('deleteAccount.contactRequired');
      else if (!parseDeletionContact(contact)) found.contact = t('deleteAccount.contactInvalid');
    }
    if (!reason.trim()) found.reason = t('deleteAccount.reasonRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    send.mutate(signedIn ? { reason } : { contact, reason }, {
      onSuccess: () => {
        toast({ title: t('deleteAccount.sent'), variant: 'success', kind: 'deletion' });
        // Asking to delete the account is enough to take the answers kept on this phone away.
        if (signedIn) forgetAnswers();
        void queryClient.invalidateQueries({ queryKey: ['deletion-request'] });
        void navigate(signedIn ? '/settings' : '/');
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.fields : undefined;
        if (field?.contact) setErrors({ contact: errorMessage(error, t) });
        else if (field?.reason) setErrors({ reason: errorMessage(error, t) });
        else setErrors({ form: errorMessage(error, t, t('deleteAccount.failed')) });
      },
    });
  };

  return (
    <>
      <PageHeader title={t('deleteAccount.title')} subtitle={t('deleteAccount.subtitle')} />
      <div className="container-page max-w-2xl py-8 md:py-12">
        <form
          onSubmit={submit}
          noValidate
          className="space-y-5 rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)] ring-1 ring-navy-900/5 sm:p-8"
        >
          {!signedIn && !session.isPending ? (
            <Field label={t('deleteAccount.contact')} hint={t('deleteAccount.contactHint')} error={errors.contact}>
              <Input autoComplete="username" value={contact} maxLength={254} onChange={(e) => setContact(e.target.value)} disabled={send.isPending} />
            </Field>
          ) : null}
          <Field label={t('deleteAccount.reason')} error={errors.reason}>
            <Textarea
              value={reason}
              maxLength={2000}
              placeholder={t('deleteAccount.reasonPlaceholder')}
              onChange={(e) => setReason(e.target.value)}
              disabled={send.isPending}
            />
          </Field>
          <p className="flex gap-2 text-sm text-muted">
            <ShieldAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {t('deleteAccount.note')}
          </p>
          {errors.form ? (
            <p role="alert" className="rounded-xl bg-coral-500/10 px-4 py-3 font-medium text-coral-700">
              {errors.form}
            </p>
          ) : null}
          <Button type="submit" variant="destructive" size="lg" disabled={send.isPending || session.isPending}>
            {send.isPending ? t('deleteAccount.sending') : t('deleteAccount.submit')}
          </Button>
        </form>
      </div>
    </>
  );
}
