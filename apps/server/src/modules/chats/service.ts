import { chatTitle, type SavedChat } from '@camino/contracts';
import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savedChats } from '../../db/schema';

/** Saved chats (spec section 3): always filtered by the session's user, never by an id from the browser. */
export class ChatService {
  constructor(private readonly db: Db) {}

  async list(userId: string): Promise<SavedChat[]> {
    const rows = await this.db.select().from(savedChats).where(eq(savedChats.userId, userId)).orderBy(desc(savedChats.createdAt)).limit(500);
    return rows.map((row) => {
      let content: { question?: unknown; answer?: unknown } = {};
      try {
        content = JSON.parse(row.content) as typeof content;
      } catch {
        // A malformed row shows its title only.
      }
      return {
        id: row.id,
        title: row.title,
        question: typeof content.question === 'string' ? content.question : '',
        answer: typeof content.answer === 'string' ? content.answer : '',
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  /** Spec call 11: title from the question, content {question, answer} as JSON text. */
  async save(userId: string, question: string, answer: string): Promise<string> {
    const [row] = await this.db
      .insert(savedChats)
      .values({ userId, title: chatTitle(question), content: JSON.stringify({ question, answer }) })
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
