import { chatTitle, savedTurnSchema, type SavedChat, type SavedTurn } from '@camino/contracts';
import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savedChats } from '../../db/schema';

/** Saved chats (spec section 3): always filtered by the session's user, never by an id from the browser. */
export class ChatService {
  constructor(private readonly db: Db) {}

  async list(userId: string): Promise<SavedChat[]> {
    const rows = await this.db.select().from(savedChats).where(eq(savedChats.userId, userId)).orderBy(desc(savedChats.createdAt)).limit(500);
    return rows.map((row) => {
      const content = parseContent(row.content);
      return { id: row.id, title: row.title, ...content, createdAt: row.createdAt.toISOString() };
    });
  }

  /**
   * Spec call 11, one saved chat per conversation: the first answer creates it (title from the question,
   * content {question, answer} as JSON text, with every turn so far: the clarifying questions and the
   * reply to them included); each later turn of the conversation is added to it. `chatId` is the
   * conversation's chat from an earlier answer: another user's id or a deleted chat starts a new one.
   */
  async save(userId: string, chatId: string | undefined, exchange: SavedTurn[], earlier: SavedTurn[] = []): Promise<string> {
    if (chatId) {
      const owned = and(eq(savedChats.id, chatId), eq(savedChats.userId, userId));
      const [row] = await this.db.select({ content: savedChats.content }).from(savedChats).where(owned).limit(1);
      if (row) {
        const { question, answer, turns } = parseContent(row.content);
        await this.db
          .update(savedChats)
          .set({ content: JSON.stringify({ question, answer, turns: [...turns, ...exchange] }) })
          .where(owned);
        return chatId;
      }
    }
    const turns = [...earlier, ...exchange];
    const question = turns.find((t) => t.role === 'user')?.content ?? '';
    const answer = exchange.findLast((t) => t.role === 'assistant')?.content ?? '';
    const [row] = await this.db
      .insert(savedChats)
      .values({ userId, title: chatTitle(question), content: JSON.stringify({ question, answer, turns }) })
      .returning({ id: savedChats.id });
    return row!.id;
  }

  /** Spec call 13, for the owner only: another user's chat is "not found". */
  async remove(userId: string, id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(savedChats)
      .where(and(eq(savedChats.id, id), eq(savedChats.userId, userId)))
      .returning({ id: savedChats.id });
    return deleted.length > 0;
  }

  /** Spec call 10: chats saved since a moment (the user's local midnight). */
  async countSince(userId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(savedChats)
      .where(and(eq(savedChats.userId, userId), gte(savedChats.createdAt, since)));
    return Number(row?.n ?? 0);
  }
}

/** A saved chat's JSON content; a row saved before conversations were kept is its one question and answer. */
function parseContent(raw: string): { question: string; answer: string; turns: SavedTurn[] } {
  let content: { question?: unknown; answer?: unknown; turns?: unknown } = {};
  try {
    content = JSON.parse(raw) as typeof content;
  } catch {
    // A malformed row shows its title only.
  }
  const question = typeof content.question === 'string' ? content.question : '';
  const answer = typeof content.answer === 'string' ? content.answer : '';
  const parsed = savedTurnSchema.array().safeParse(content.turns);
  const turns: SavedTurn[] = parsed.success
    ? parsed.data
    : [...(question ? [{ role: 'user' as const, content: question }] : []), ...(answer ? [{ role: 'assistant' as const, content: answer }] : [])];
  return { question, answer, turns };
}
