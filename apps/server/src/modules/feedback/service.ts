import { OPEN_IDS, RATING_IDS, type FeedbackRequest } from '@camino/contracts';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema';

const camel = (id: string) => id.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The feedback table's one owner: a survey stored with the signed-in user's id. */
export class FeedbackService {
  constructor(private readonly db: Db) {}

  async save(userId: string, { ratings = {}, answers = {}, additionalComments }: FeedbackRequest): Promise<void> {
    const values: Record<string, unknown> = { userId, additionalComments: additionalComments?.trim() || null };
    for (const id of RATING_IDS) values[camel(id)] = (ratings as Record<string, number | undefined>)[id] ?? null;
    for (const id of OPEN_IDS) values[camel(id)] = (answers as Record<string, string | undefined>)[id]?.trim() || null;
    await this.db.insert(feedback).values(values as typeof feedback.$inferInsert);
  }
}
