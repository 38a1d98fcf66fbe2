import { VOICES, type Language, type VoiceId } from '@camino/contracts';
import { ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RadioGroup } from '@/components/ui/radio-group';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/lib/session';
import { setFlashToast } from '@/lib/flash-toast';
import { setLanguage, registerTexts } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { useUpdateProfile } from './api/use-update-profile';
import { usePendingDeletion, useWithdrawDeletion } from './api/use-deletion-request';
import { SubscriptionSection } from './components/subscription-section';
import settingsTexts from '@/locales/es/settings.json';

registerTexts(settingsTexts);

/** /settings (spec section 2 "Settings", 4 "Settings save"). */
export function Component() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('settings.title'));
  const pendingDeletion = usePendingDeletion().data?.pending ?? null;
  const withdraw = useWithdrawDeletion();
  const { data: user } = useSession();
  const profile = user!.profile;
  const [firstName, setFirstName] = useState(profile.firstName ?? '');
  const [lastName, setLastName] = useState(profile.lastName ?? '');
  const [language, setLanguageChoice] = useState<Language>(profile.preferredLanguage);
  const [voiceId, setVoiceId] = useState<VoiceId>(profile.voiceId);
  const [loading, setLoading] = useState(false);
  const update = useUpdateProfile();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLoading(true);
    const languageChanged = language !== profile.preferredLanguage;
    try {
      await update.mutateAsync({ firstName: firstName.trim() || null, lastName: lastName.trim() || null, preferredLanguage: language, voiceId });
      if (languageChanged) {
        await setLanguage(language);
        // The page reloads in the new language and stays on the settings (issue 14).
        setFlashToast({ title: t('settings.saved'), variant: 'success', kind: 'settings' });
        window.location.reload();
        return;
      }
      toast({ title: t('settings.saved'), variant: 'success', kind: 'settings' });
    } catch {
      toast({ title: t('settings.failed'), variant: 'destructive', kind: 'settings' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <div className="container-page max-w-2xl space-y-8 py-10">
        <Card className="p-6 sm:p-8">
          <form onSubmit={submit} noValidate className="space-y-6">
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label={t('settings.firstName')}>
                <Input autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} maxLength={80} />
              </Field>
              <Field label={t('settings.lastName')}>
                <Input autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} maxLength={80} />
              </Field>
            </div>
            <RadioGroup<Language>
              legend={t('settings.language')}
              value={language}
              onChange={setLanguageChoice}
              options={[
                { value: 'en', label: t('settings.english') },
                { value: 'es', label: t('settings.spanish') },
              ]}
            />
            <Select<VoiceId>
              label={t('settings.voice')}
              value={voiceId}
              onChange={setVoiceId}
              options={VOICES.map((voice) => ({ value: voice.id, label: t(voice.labelKey) }))}
            />
            <Button type="submit" variant="brand" size="lg" disabled={loading}>
              {loading ? t('settings.saving') : t('settings.save')}
            </Button>
          </form>
        </Card>
        <SubscriptionSection plan={profile.plan} />
        <section aria-labelledby="danger-zone" className="rounded-[var(--radius-card)] border-2 border-coral-500/40 bg-white p-6 sm:p-8">
          <h2 id="danger-zone" className="flex items-center gap-2 text-xl font-bold text-coral-700">
            <ShieldAlert aria-hidden="true" className="h-5 w-5" />
            {t('settings.dangerZone')}
          </h2>
          {pendingDeletion ? (
            <div data-testid="deletion-pending" className="mt-3 space-y-3">
              <p className="font-semibold text-ink">
                {t('settings.deletionPending', {
                  date: new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'long' }).format(new Date(pendingDeletion.createdAt)),
                })}
              </p>
              <p className="text-muted">{t('settings.deletionPendingBody')}</p>
              <Button
                variant="secondary"
                disabled={withdraw.isPending}
                onClick={() =>
                  withdraw.mutate(undefined, {
                    onSuccess: () => toast({ title: t('settings.withdrawn'), variant: 'success', kind: 'deletion' }),
                    onError: () => toast({ title: t('settings.withdrawFailed'), variant: 'destructive', kind: 'deletion' }),
                  })
                }
              >
                {t('settings.withdraw')}
              </Button>
            </div>
          ) : (
            <>
              <p className="mt-2 text-muted">{t('settings.dangerBody')}</p>
              <Link to="/delete-account" className={buttonClasses('destructive', 'md', 'mt-4')}>
                {t('settings.deleteAccount')}
              </Link>
            </>
          )}
        </section>
      </div>
    </>
  );
}
