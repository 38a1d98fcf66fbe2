import type { DeletionRequest } from '@camino/contracts';
import { useMutation } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/lib/session';
import { api } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';

/** /delete-account: the deletion request (spec sections 2, 4, 5 "Deletion form", 8). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('deleteAccount.title'));
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = !!session.data;
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const send = useMutation({ mutationFn: (body: DeletionRequest) => api.post('/api/account/deletion-request', body) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(signedIn ? { reason } : { email, reason }, {
      onSuccess: () => {
        toast({ title: t('deleteAccount.sent'), variant: 'success' });
        void navigate(signedIn ? '/settings' : '/');
      },
      onError: () => toast({ title: t('deleteAccount.failed'), variant: 'destructive' }),
    });
  };

  return (
    <>
      <PageHeader title={t('deleteAccount.title')} subtitle={t('deleteAccount.subtitle')} />
      <div className="container-page max-w-2xl py-8 md:py-12">
        <form onSubmit={submit} className="space-y-5 rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)] ring-1 ring-navy-900/5 sm:p-8">
          {!signedIn && !session.isPending ? (
            <Field label={t('deleteAccount.email')} hint={t('deleteAccount.emailHint')}>
              <Input type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} disabled={send.isPending} />
            </Field>
          ) : null}
          <Field label={t('deleteAccount.reason')}>
            <Textarea required value={reason} maxLength={2000} placeholder={t('deleteAccount.reasonPlaceholder')} onChange={(e) => setReason(e.target.value)} disabled={send.isPending} />
          </Field>
          <p className="flex gap-2 text-sm text-muted">
            <ShieldAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {t('deleteAccount.note')}
          </p>
          <Button type="submit" variant="destructive" size="lg" disabled={send.isPending || session.isPending}>
            {send.isPending ? t('deleteAccount.sending') : t('deleteAccount.submit')}
          </Button>
        </form>
      </div>
    </>
  );
}
