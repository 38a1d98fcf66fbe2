import { LIMITS } from '@camino/contracts';
import { SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { registerTexts } from '@/lib/i18n';
import assistantTexts from '@/locales/es/assistant.json';

registerTexts(assistantTexts);

/** How many letters before the limit the box starts saying how many are left. */
const LENGTH_NOTICE = 100;

/**
 * The text question: trimmed, empty or busy submits ignored, disabled while processing (spec section 4).
 * The box empties when the question is sent, and gets it back when it was not answered (an error, a
 * limit, a cancel): nothing typed is lost.
 */
export function TextQuestionForm({ onAsk, disabled, busy }: { onAsk: (question: string) => boolean | Promise<boolean>; disabled: boolean; busy: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  // The box of a page rendered at build time takes what is typed before the script has run
  // (docs/decisions/0077): that text is kept once the page works.
  useEffect(() => {
    const early = box.current?.value;
    if (early) setText(early);
  }, []);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (disabled || busy || !text.trim()) return;
    const sent = text;
    setText('');
    void Promise.resolve(onAsk(sent)).then((answered) => {
      if (!answered) setText((now) => now || sent);
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };
  const max = LIMITS.questionMaxLength;
  const left = max - text.length;
  const limit = max.toLocaleString('en-US');
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <div className="flex items-end gap-2">
        <label htmlFor="question-input" className="sr-only">
          {t('chat.questionLabel')}
        </label>
        <Textarea
          id="question-input"
          ref={box}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('chat.placeholder')}
          maxLength={max}
          disabled={disabled || busy}
          rows={2}
          className="min-h-14 resize-none"
          aria-describedby={left <= LENGTH_NOTICE ? 'question-length' : undefined}
        />
        <Button
          type="submit"
          variant="brand"
          size="icon"
          className="h-14 w-14 shrink-0"
          disabled={disabled || busy || !text.trim()}
          aria-label={t('chat.send')}
        >
          <SendHorizontal aria-hidden="true" className="h-6 w-6" />
        </Button>
      </div>
      {/* Near the limit the box says how much is left, and that it stops there (it cuts what is pasted). */}
      <p id="question-length" aria-live="polite" className={left <= LENGTH_NOTICE ? 'text-sm font-medium text-navy-900' : 'sr-only'}>
        {left <= 0 ? t('chat.charactersFull', { limit }) : left <= LENGTH_NOTICE ? t('chat.charactersLeft', { count: left, limit }) : ''}
      </p>
    </form>
  );
}
