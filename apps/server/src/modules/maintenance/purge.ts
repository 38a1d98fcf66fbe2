import { and, eq, lt, sql } from 'drizzle-orm';
import { LIMITS } from '@camino/contracts';
import * as t from '../../db/schema';
import { rows } from '../../lib/rate-limiter';
import { deleteAccount, type DeletionDeps } from '../account-deletion';

export interface PurgeReport {
  removed: Record<string, number>;
  accounts: number;
}

const count = (result: unknown) => (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;

/**
 * Deletes what is older than the privacy policy's 2 years (decisions D11): chats, consultations,
 * feedback, payment records, messages, finished deletion requests, old guest counters; expired
 * sessions, codes and counters; and accounts nobody has used for 2 years (cancelled at the gateway
 * first, then deleted like a deletion request).
 */
export async function purgeExpiredData(deps: DeletionDeps, now = new Date()): Promise<PurgeReport> {
  const { db } = deps;
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - LIMITS.dataRetentionYears);
  const removed: Record<string, number> = {};
  const run = async (name: string, query: Promise<unknown>) => {
    removed[name] = (removed[name] ?? 0) + count(await query);
  };

  // Accounts without any sign of use for 2 years, and without a live subscription.
  const idle = rows<{ id: string }>(
    await db.execute(sql`
      select u.id from "user" u
      where u.updated_at < ${cutoff.toISOString()}
        and not exists (select 1 from session s where s.user_id = u.id and s.updated_at >= ${cutoff.toISOString()})
        and not exists (select 1 from subscriptions x where x.user_id = u.id and x.status in ('trialing', 'active', 'past_due'))`),
  );
  let accounts = 0;
  for (const { id } of idle) if (await deleteAccount({ ...deps, compact: undefined }, id)) accounts++;

  await run('saved_chats', db.delete(t.savedChats).where(lt(t.savedChats.createdAt, cutoff)));
  await run('consultations', db.delete(t.consultations).where(lt(t.consultations.createdAt, cutoff)));
  await run('feedback', db.delete(t.feedback).where(lt(t.feedback.createdAt, cutoff)));
  await run('payments', db.delete(t.payments).where(lt(t.payments.createdAt, cutoff)));
  await run('webhook_events', db.delete(t.webhookEvents).where(lt(t.webhookEvents.receivedAt, cutoff)));
  await run('outbox', db.delete(t.outbox).where(lt(t.outbox.createdAt, cutoff)));
  await run('guest_usage', db.delete(t.guestUsage).where(lt(t.guestUsage.updatedAt, cutoff)));
  await run('deletion_requests', db.delete(t.deletionRequests).where(and(eq(t.deletionRequests.status, 'done'), lt(t.deletionRequests.createdAt, cutoff))));
  // Short-lived rows, whatever their age rule: expired sessions, codes, counters and registrations.
  await run('session', db.delete(t.session).where(lt(t.session.expiresAt, now)));
  await run('verification', db.delete(t.verification).where(lt(t.verification.expiresAt, now)));
  await run('rate_limits', db.delete(t.rateLimits).where(lt(t.rateLimits.expiresAt, now)));
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  await run('phone_registrations', db.delete(t.phoneRegistrations).where(lt(t.phoneRegistrations.createdAt, dayAgo)));
  if (accounts > 0 || Object.values(removed).some((n) => n > 0)) await deps.compact?.();
  return { removed, accounts };
}
