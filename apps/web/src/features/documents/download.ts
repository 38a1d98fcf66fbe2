import { LIMITS } from '@camino/contracts';
import type { TFunction } from '@/lib/i18n';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { requestDownloadUrl, type DocumentItem } from './api/use-documents';
import { registerTexts } from '@/lib/i18n';
import documentsTexts from '@/locales/es/documents.json';

registerTexts(documentsTexts);

/** iPhone, iPad and iPod, including iPadOS that presents itself as a Mac. */
export function isIos(nav: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'> = navigator): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}

/**
 * The download logic (spec section 7): a signed link from the server; on iOS it opens in a new tab
 * ("Documento listo", 5 s), elsewhere the browser downloads it ("Descarga iniciada").
 */
export async function downloadDocument(doc: DocumentItem, t: TFunction): Promise<void> {
  // iOS only lets a page open a tab during the tap itself: open it now, point it at the file later.
  const tab = isIos() ? window.open('', '_blank') : null;
  try {
    const { url } = await requestDownloadUrl(doc.id);
    if (!url) throw new Error('no signed url');
    if (tab) {
      tab.location.href = url;
      toast({ title: t('documents.ready'), description: t('documents.readyBody'), variant: 'success', duration: LIMITS.iosDownloadToastMs });
      return;
    }
    const link = document.createElement('a');
    link.href = url;
    link.download = doc.filename;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
    toast({ title: t('documents.started'), variant: 'success' });
  } catch (error) {
    tab?.close();
    const missing = error instanceof ApiError && (error.code as string) === 'DOCUMENT_FILE_MISSING';
    toast({
      title: t('documents.errorTitle'),
      description: t(missing ? 'documents.missing' : 'documents.other', { title: doc.title }),
      variant: 'destructive',
    });
  }
}
