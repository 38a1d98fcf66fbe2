import type { AnswerKind, AnswerSource, SavedChat, SavedTurn } from '@camino/contracts';
import { Collapsible } from 'radix-ui';
import { ChevronDown, MessageCirclePlus, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { keepConversation } from '@/lib/current-conversation';
import { useSession } from '@/lib/session';
import { AnswerBox } from '@/components/answer/answer-box';
import { formatChatDate } from '../format-date';
import { registerTexts } from '@/lib/i18n';
import savedChatsTexts from '@/locales/es/saved-chats.json';

registerTexts(savedChatsTexts);

/** The saved turns as question and reply pairs (a reply without its question keeps an empty one). */
function exchanges(turns: SavedTurn[]): Array<{ question: string | null; answer: string; kind: AnswerKind | null; source: AnswerSource | null }> {
  const out: Array<{ question: string | null; answer: string; kind: AnswerKind | null; source: AnswerSource | null }> = [];
  for (const turn of turns) {
    if (turn.role === 'user') out.push({ question: turn.content, answer: '', kind: null, source: null });
    else {
      const last = out.at(-1);
      const reply = { answer: turn.content, kind: turn.kind ?? null, source: turn.source ?? null };
      if (last && !last.answer) Object.assign(last, reply);
      else out.push({ question: null, ...reply });
    }
  }
  return out;
}

/**
 * One saved chat: title, date and delete; expanded, the whole conversation, turn by turn, and "Seguir esta
 * conversación": the chat screen takes it up where it stopped (its follow-ups understood with it, its
 * new turns added to this saved chat).
 */
export function ChatCard({ chat, onDelete, deleting }: { chat: SavedChat; onDelete: () => void; deleting: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useSession().data?.id;
  const turns = exchanges(chat.turns);
  const continueChat = () => {
    if (!userId) return;
    keepConversation({
      userId,
      chatId: chat.id,
      turns: chat.turns.map(({ role, content }) => ({ role, content })),
      thread: turns.map((turn) => ({ question: turn.question ?? '', answer: turn.answer, kind: turn.kind, source: turn.source })),
    });
    void navigate('/chat');
  };
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
          <Button
            variant="ghost"
            size="icon"
            onClick={onDelete}
            disabled={deleting}
            aria-label={t('savedChats.deleteLabel', { title: chat.title })}
            className="text-coral-700 hover:bg-coral-500/10"
          >
            <Trash2 aria-hidden="true" className="h-5 w-5" />
          </Button>
        </div>
        <Collapsible.Content className="space-y-5 border-t border-navy-900/10 bg-sand-50 px-3 py-4 sm:px-5">
          {turns.map((turn, i) => (
            <AnswerBox key={i} live={false} question={turn.question} answer={turn.answer} kind={turn.kind} source={turn.source} done writing={false} />
          ))}
          <Button variant="secondary" onClick={continueChat} disabled={!userId} className="w-full sm:w-auto">
            <MessageCirclePlus aria-hidden="true" className="h-5 w-5" />
            {t('savedChats.continue')}
          </Button>
        </Collapsible.Content>
      </li>
    </Collapsible.Root>
  );
}
