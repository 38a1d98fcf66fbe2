import { and, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';

export interface DeletionReport {
  deleted: Array<{ requestId: string; userId: string }>;
  /** Signed-out requests: only a person can check that the e-mail's owner asked. */
  toVerify: Array<{ requestId: string; email: string | null; reason: string; createdAt: Date }>;
}

export interface DeletionDeps {
  db: Db;
  /** Cancels the user's live subscriptions at the payment gateway (before anything is deleted). */
  cancelSubscriptions: (userId: string) => Promise<unknown>;
  /** Makes the deleted rows unreadable in the database files (Database.compact); after each deletion. */
  compact?: () => Promise<void>;
}

/** `%` and `_` are LIKE wildcards: escaped (with `\`, PostgreSQL's default escape) to match themselves. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Deletes an account and every row that belongs to it, in one transaction, after its subscriptions
 * are cancelled at the gateway (so that nobody is charged for an account that no longer exists).
 */
export async function deleteAccount(deps: DeletionDeps, userId: string): Promise<boolean> {
  const { db, cancelSubscriptions } = deps;
  const [account] = await db.select({ email: t.user.email, phone: t.user.phoneNumber }).from(t.user).where(eq(t.user.id, userId)).limit(1);
  if (!account) return false;
  await cancelSubscriptions(userId);
  const contacts = [account.email, account.phone].filter((c): c is string => !!c);
  await db.transaction(async (tx) => {
    await tx.delete(t.payments).where(eq(t.payments.userId, userId));
    await tx.delete(t.subscriptions).where(eq(t.subscriptions.userId, userId));
    await tx.delete(t.savedChats).where(eq(t.savedChats.userId, userId));
    await tx.delete(t.consultations).where(eq(t.consultations.userId, userId));
    await tx.delete(t.feedback).where(eq(t.feedback.userId, userId));
    await tx.delete(t.session).where(eq(t.session.userId, userId));
    await tx.delete(t.account).where(eq(t.account.userId, userId));
    await tx.delete(t.profiles).where(eq(t.profiles.id, userId));
    // Rows that name the person without a foreign key: messages sent to them, codes, reset tokens,
    // pending phone registrations and the counters keyed by their e-mail, phone or id.
    if (contacts.length) {
      await tx.delete(t.outbox).where(inArray(t.outbox.recipient, contacts));
      await tx.delete(t.phoneRegistrations).where(inArray(t.phoneRegistrations.phoneNumber, contacts));
      await tx.delete(t.verification).where(or(inArray(t.verification.identifier, contacts), eq(t.verification.value, userId)));
    } else {
      await tx.delete(t.verification).where(eq(t.verification.value, userId));
    }
    const keys = [userId, ...contacts.map((c) => c.toLowerCase())];
    await tx.delete(t.rateLimits).where(or(...keys.map((k) => like(t.rateLimits.key, `%${escapeLike(k)}%`))));
    // The requests are kept as done, without anything that names the person.
    await tx
      .update(t.deletionRequests)
      .set({ status: 'done', processedAt: new Date(), userId: null, email: null })
      .where(eq(t.deletionRequests.userId, userId));
    await tx.delete(t.user).where(eq(t.user.id, userId));
  });
  await deps.compact?.();
  return true;
}

/** `npm run deletions:process`: every pending request of a known user; safe to run again. */
export async function processDeletionRequests(deps: DeletionDeps): Promise<DeletionReport> {
  const report: DeletionReport = { deleted: [], toVerify: [] };
  const pending = await deps.db.select().from(t.deletionRequests).where(eq(t.deletionRequests.status, 'pending')).orderBy(t.deletionRequests.createdAt);
  for (const request of pending) {
    if (!request.userId) {
      report.toVerify.push({ requestId: request.id, email: request.email, reason: request.reason, createdAt: request.createdAt });
      continue;
    }
    const deleted = await deleteAccount(deps, request.userId);
    if (deleted) report.deleted.push({ requestId: request.id, userId: request.userId });
  }
  return report;
}

export type ConfirmOutcome = 'deleted' | 'no_account' | 'not_found';

/**
 * `npm run deletions:process -- --confirm <request id>`: after a person has verified a request sent
 * while signed out, deletes the account of its e-mail (if any) and closes the request without the e-mail.
 */
export async function confirmAnonymousRequest(deps: DeletionDeps, requestId: string): Promise<ConfirmOutcome> {
  if (!/^[0-9a-f-]{36}$/i.test(requestId)) return 'not_found';
  const [request] = await deps.db
    .select()
    .from(t.deletionRequests)
    .where(and(eq(t.deletionRequests.id, requestId), eq(t.deletionRequests.status, 'pending'), isNull(t.deletionRequests.userId)))
    .limit(1);
  if (!request) return 'not_found';
  const userId = request.email ? await findUserId(deps.db, request.email) : null;
  const deleted = userId ? await deleteAccount({ ...deps, compact: undefined }, userId) : false;
  await deps.db
    .update(t.deletionRequests)
    .set({ status: 'done', processedAt: new Date(), userId: null, email: null })
    .where(eq(t.deletionRequests.id, requestId));
  await deps.compact?.();
  return deleted ? 'deleted' : 'no_account';
}

/** `npm run plans:set`: finds an account by e-mail or phone number. */
export async function findUserId(db: Db, contact: string): Promise<string | null> {
  const value = contact.trim();
  const phone = /^\+?1?\d{10}$/.test(value.replace(/\D/g, '')) && !value.includes('@') ? `+1${value.replace(/\D/g, '').slice(-10)}` : null;
  const [row] = await db
    .select({ id: t.user.id })
    .from(t.user)
    .where(phone ? eq(t.user.phoneNumber, phone) : sql`lower(${t.user.email}) = ${value.toLowerCase()}`)
    .limit(1);
  return row?.id ?? null;
}
