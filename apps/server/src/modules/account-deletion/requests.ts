import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deletionRequests } from '../../db/schema';

const pendingOf = (userId: string) => and(eq(deletionRequests.userId, userId), eq(deletionRequests.status, 'pending'));

/** Deletion requests as people make them (the operator's processing is in process.ts). */
export class DeletionRequestService {
  constructor(private readonly db: Db) {}

  /** Records a request, 'pending': the signed-in user's id, or the e-mail or phone an anonymous person gave. */
  async record(request: { userId: string | null; email: string | null; reason: string }): Promise<void> {
    await this.db.insert(deletionRequests).values({ ...request, status: 'pending' });
  }

  /** The user's pending request, if any (one per account). */
  async pending(userId: string): Promise<{ id: string; createdAt: Date } | undefined> {
    const [pending] = await this.db
      .select({ id: deletionRequests.id, createdAt: deletionRequests.createdAt })
      .from(deletionRequests)
      .where(pendingOf(userId))
      .limit(1);
    return pending;
  }

  /** Withdraws the user's pending request: kept as 'withdrawn', without its reason. */
  async withdraw(userId: string): Promise<void> {
    await this.db.update(deletionRequests).set({ status: 'withdrawn', reason: '', processedAt: new Date() }).where(pendingOf(userId));
  }
}
