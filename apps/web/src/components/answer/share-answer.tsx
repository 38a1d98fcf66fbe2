import { Share2 } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { registerTexts } from '@/lib/i18n';
import assistantTexts from '@/locales/es/assistant.json';

registerTexts(assistantTexts);

/**
 * "Compartir": the phone's share sheet (Web Share API: WhatsApp, messages, ...), or, where there is none,
 * the answer copied to the clipboard with a Spanish confirmation.
 */
export function ShareAnswer({ text }: { text: string }) {
  const { t } = useTranslation();
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('brand'), text });
        return;
      } catch (error) {
        // The person closed the share sheet: nothing to say. Another failure falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('thread.copied'), description: t('thread.copiedBody'), variant: 'success' });
    } catch {
      toast({ title: t('thread.copyFailed'), description: t('thread.copyFailedBody'), variant: 'destructive' });
    }
  };
  return (
    <Button variant="ghost" size="sm" onClick={() => void share()} className="text-brand-700" data-testid="share-answer">
      <Share2 aria-hidden="true" className="h-4 w-4" />
      {t('thread.share')}
    </Button>
  );
}
