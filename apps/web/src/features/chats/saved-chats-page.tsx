import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { usePageTitle } from '@/lib/use-page-title';
import { useChats, useDeleteChat } from './api/use-chats';
import { ChatCard } from './components/chat-card';
import { registerTexts } from '@/lib/i18n';
import savedChatsTexts from '@/locales/es/saved-chats.json';

registerTexts(savedChatsTexts);

/** /saved-chats: 'Mis Chats' (spec section 2 "Saved chats page"). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('savedChats.title'));
  const chats = useChats();
  const remove = useDeleteChat();
  /** The chat whose deletion waits for a confirmation (issue 14: nothing is deleted on one tap). */
  const [confirming, setConfirming] = useState<{ id: string; title: string } | null>(null);

  const onDelete = (id: string) => {
    setConfirming(null);
    remove.mutate(id, {
      onSuccess: () => toast({ title: t('savedChats.deleted'), description: t('savedChats.deletedBody'), variant: 'success', kind: 'chat-delete' }),
      onError: () => toast({ title: t('savedChats.deleteError'), description: t('savedChats.deleteErrorBody'), variant: 'destructive', kind: 'chat-delete' }),
    });
  };

  return (
    <>
      <PageHeader title={t('savedChats.title')} subtitle={t('savedChats.subtitle')} />
      <div className="container-page max-w-3xl py-8 md:py-12">
        {chats.isPending ? (
          <ul aria-busy="true" aria-label={t('common.loading')} className="space-y-4">
            {[0, 1, 2].map((i) => (
              <li key={i} data-testid="chat-skeleton" className="rounded-[var(--radius-card)] bg-white p-5 ring-1 ring-navy-900/5">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="mt-3 h-4 w-1/3" />
              </li>
            ))}
          </ul>
        ) : chats.isError ? (
          <div role="alert" className="space-y-3 text-center">
            <p className="text-muted">{t('savedChats.loadError')}</p>
            <Button variant="secondary" onClick={() => void chats.refetch()}>
              {t('savedChats.retry')}
            </Button>
          </div>
        ) : chats.data.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] bg-white p-10 text-center ring-1 ring-navy-900/5">
            <MessagesSquare aria-hidden="true" className="h-12 w-12 text-brand-300" />
            <p className="text-lg text-muted">{t('savedChats.empty')}</p>
            <Link to="/chat" className={buttonClasses('brand')}>
              {t('savedChats.emptyCta')}
            </Link>
          </div>
        ) : (
          <ul className="space-y-4">
            {chats.data.map((chat) => (
              <ChatCard
                key={chat.id}
                chat={chat}
                onDelete={() => setConfirming({ id: chat.id, title: chat.title })}
                deleting={remove.isPending && remove.variables === chat.id}
              />
            ))}
          </ul>
        )}
      </div>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('savedChats.confirmTitle')}
        description={confirming ? t('savedChats.confirmBody', { title: confirming.title }) : undefined}
        closeLabel={t('common.close')}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            {t('savedChats.cancel')}
          </Button>
          <Button variant="destructive" onClick={() => confirming && onDelete(confirming.id)}>
            {t('savedChats.confirm')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
