import type { SavedChat } from '@camino/contracts';
import { Collapsible } from 'radix-ui';
import { ChevronDown, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatChatDate } from '../format-date';

/** One saved chat: title, date and delete; expanded, the question and the answer. */
export function ChatCard({ chat, onDelete, deleting }: { chat: SavedChat; onDelete: () => void; deleting: boolean }) {
  const { t } = useTranslation();
  return (
    <Collapsible.Root asChild>
      <li data-testid="chat-card" className="rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)] ring-1 ring-navy-900/5">
        <div className="flex items-start gap-2 p-2 sm:p-3">
          <Collapsible.Trigger className="group flex min-h-12 flex-1 items-start gap-3 rounded-xl p-2 text-left hover:bg-sand-50">
            <ChevronDown aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-600 transition-transform group-data-[state=open]:rotate-180" />
            <span className="min-w-0">
              <span className="block font-bold break-words text-navy-900">{chat.title}</span>
              <time dateTime={chat.createdAt} className="mt-0.5 block text-sm text-muted">
                {formatChatDate(chat.createdAt)}
              </time>
            </span>
          </Collapsible.Trigger>
          <Button variant="ghost" size="icon" onClick={onDelete} disabled={deleting} aria-label={t('savedChats.deleteLabel', { title: chat.title })} className="text-coral-700 hover:bg-coral-500/10">
            <Trash2 aria-hidden="true" className="h-5 w-5" />
          </Button>
        </div>
        <Collapsible.Content className="space-y-4 border-t border-navy-900/10 px-5 py-4">
          <div>
            <h3 className="text-sm font-bold tracking-wide text-teal-600 uppercase">{t('savedChats.question')}</h3>
            <p className="mt-1 whitespace-pre-line">{chat.question}</p>
          </div>
          <div>
            <h3 className="text-sm font-bold tracking-wide text-teal-600 uppercase">{t('savedChats.answer')}</h3>
            <p className="mt-1 whitespace-pre-line">{chat.answer}</p>
          </div>
        </Collapsible.Content>
      </li>
    </Collapsible.Root>
  );
}
