import { FEEDBACK_SECTIONS, type FeedbackRequest, type OpenId, type RatingId } from '@camino/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { StarRating } from '@/components/ui/star-rating';
import { toast } from '@/components/ui/toast-store';
import { api, ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { registerTexts } from '@/lib/i18n';
import feedbackTexts from '@/locales/es/feedback.json';

registerTexts(feedbackTexts);

/** /feedback: the survey in five sections (spec sections 2, 4 "Feedback", 5 "Feedback"). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('feedback.title'));
  const [ratings, setRatings] = useState<Partial<Record<RatingId, number>>>({});
  const [answers, setAnswers] = useState<Partial<Record<OpenId, string>>>({});
  const [comments, setComments] = useState('');
  const [formError, setFormError] = useState<string>();
  const send = useMutation({ mutationFn: (body: FeedbackRequest) => api.post('/api/feedback', body) });

  // Anything typed enables sending; blanks alone are refused with the spec's message.
  const filled = Object.values(ratings).some(Boolean) || Object.values(answers).some((a) => !!a) || comments.length > 0;
  const meaningful = Object.values(ratings).some(Boolean) || Object.values(answers).some((a) => a?.trim()) || comments.trim().length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || !filled) return;
    // Refusals show beside the button the person just pressed, not in a toast (issue 14).
    if (!meaningful) {
      setFormError(t('feedback.empty'));
      return;
    }
    setFormError(undefined);
    send.mutate(
      { ratings, answers, additionalComments: comments.trim() || null },
      {
        onSuccess: () => {
          toast({ title: t('feedback.thanks'), variant: 'success', kind: 'feedback' });
          setRatings({});
          setAnswers({});
          setComments('');
        },
        onError: (error) => {
          const message =
            error instanceof ApiError && error.code === 'UNAUTHENTICATED'
              ? t('feedback.signIn')
              : error instanceof ApiError && error.code === 'VALIDATION'
                ? error.message
                : t('feedback.failed');
          setFormError(message);
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={t('feedback.title')} subtitle={t('feedback.subtitle')} />
      <form onSubmit={submit} noValidate className="container-page max-w-3xl space-y-6 py-8 md:py-12">
        {FEEDBACK_SECTIONS.map((section) => (
          <fieldset key={section.id} className="space-y-5 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] ring-1 ring-navy-900/5 sm:p-7">
            <legend className="float-left mb-2 w-full text-xl font-bold text-navy-900">{t(`feedback.sections.${section.id}`)}</legend>
            {section.ratings.map((id) => (
              <StarRating
                key={id}
                label={t(`feedback.questions.${id}`)}
                value={ratings[id]}
                onChange={(value) => setRatings((r) => ({ ...r, [id]: value }))}
                starLabel={(n) => t('feedback.stars', { count: n })}
                clearLabel={t('feedback.clear')}
                disabled={send.isPending}
              />
            ))}
            {section.open.map((id) => (
              <Field key={id} label={t(`feedback.questions.${id}`)}>
                <Textarea
                  value={answers[id] ?? ''}
                  maxLength={2000}
                  onChange={(e) => setAnswers((a) => ({ ...a, [id]: e.target.value }))}
                  disabled={send.isPending}
                />
              </Field>
            ))}
          </fieldset>
        ))}
        <Field label={t('feedback.additional')}>
          <Textarea
            value={comments}
            maxLength={5000}
            placeholder={t('feedback.additionalPlaceholder')}
            onChange={(e) => setComments(e.target.value)}
            disabled={send.isPending}
          />
        </Field>
        {formError ? (
          <p role="alert" data-testid="feedback-error" className="rounded-xl bg-coral-500/10 px-4 py-3 font-medium text-coral-700">
            {formError}
          </p>
        ) : null}
        <Button type="submit" variant="brand" size="lg" disabled={send.isPending || !filled}>
          {send.isPending ? t('feedback.sending') : t('feedback.submit')}
        </Button>
      </form>
    </>
  );
}
