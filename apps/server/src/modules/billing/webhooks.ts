// Authorize.net webhooks (reference facts "Authorize.net JSON API", decisions D7): a notification is
// `{ notificationId, eventType, eventDate, webhookId, payload }`, signed with
// `X-ANET-Signature: sha512=<hex HMAC-SHA512 of the raw body, keyed with the signature key>`.
// payload.id is the subscription id of subscription events and the transaction id of payments; a
// recurring charge's payload also carries `subscription: { id, payNum }`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIVE_SUBSCRIPTION_STATUSES, plainText } from '@camino/contracts';
import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { payments, profiles, subscriptions, webhookEvents } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Older notifications are refused (a captured notification cannot be replayed later). */
export const WEBHOOK_MAX_AGE_MS = 48 * 60 * 60 * 1000;
const WEBHOOK_MAX_SKEW_MS = 60 * 60 * 1000;
const LIVE = [...LIVE_SUBSCRIPTION_STATUSES];

export const WEBHOOK_EVENTS = {
  created: 'net.authorize.customer.subscription.created',
  updated: 'net.authorize.customer.subscription.updated',
  suspended: 'net.authorize.customer.subscription.suspended',
  terminated: 'net.authorize.customer.subscription.terminated',
  cancelled: 'net.authorize.customer.subscription.cancelled',
  expiring: 'net.authorize.customer.subscription.expiring',
  authCapture: 'net.authorize.payment.authcapture.created',
} as const;

/** The signature header's value for a body: `sha512=` and the upper-case hex HMAC, as Authorize.net sends it. */
export function signWebhook(raw: Buffer | string, key: string): string {
  return `sha512=${createHmac('sha512', key).update(raw).digest('hex').toUpperCase()}`;
}

/** Checks `sha512=<hex>` against the raw body: hex in either case, compared in constant time. */
export function verifySignature(raw: Buffer, header: string | string[] | undefined, key: string): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^sha512=([0-9a-f]{128})$/i.exec(value?.trim() ?? '');
  if (!match) return false;
  const expected = createHmac('sha512', key).update(raw).digest();
  const given = Buffer.from(match[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const idLike = z.union([plainText().min(1).max(64), z.number()]).transform(String);
const numberLike = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);

export const webhookNotification = z.object({
  notificationId: plainText().min(1).max(128),
  eventType: plainText().min(1).max(128),
  eventDate: plainText().min(1).max(64),
  webhookId: plainText().max(128).optional(),
  payload: z
    .looseObject({
      id: idLike.optional(),
      entityName: plainText().optional(),
      responseCode: numberLike.optional(),
      authAmount: numberLike.optional(),
      subscription: z.looseObject({ id: idLike, payNum: numberLike.optional() }).optional(),
    })
    .default({}),
});
export type WebhookNotification = z.output<typeof webhookNotification>;

/** The eventDate in ms (Authorize.net writes 7 decimals of seconds and a Z). NaN when unreadable. */
export function eventTime(eventDate: string): number {
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(eventDate) ? eventDate : `${eventDate}Z`;
  return Date.parse(withZone);
}

export type WebhookOutcome = 'applied' | 'unknown_subscription' | 'recorded';

/**
 * Applies one notification, once: its id goes in webhook_events in the same transaction, so a replay
 * is refused (409) and a failure lets the gateway retry. Unknown subscriptions are recorded only.
 */
export class WebhookHandler {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Parses and checks a verified body; 400 for unreadable or stale notifications. */
  parse(raw: Buffer, now = Date.now()): WebhookNotification {
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      throw new AppError('BAD_REQUEST', 'La notificación no es JSON válido.');
    }
    const parsed = webhookNotification.safeParse(json);
    if (!parsed.success) throw new AppError('BAD_REQUEST', 'La notificación no tiene el formato esperado.');
    const at = eventTime(parsed.data.eventDate);
    if (Number.isNaN(at)) throw new AppError('BAD_REQUEST', 'La fecha de la notificación no es válida.');
    if (now - at > WEBHOOK_MAX_AGE_MS) throw new AppError('WEBHOOK_STALE');
    // A date ahead of our clock by more than its possible drift would outlive the 48-hour window.
    if (at - now > WEBHOOK_MAX_SKEW_MS) throw new AppError('BAD_REQUEST', 'La fecha de la notificación no es válida.');
    return parsed.data;
  }

  async handle(event: WebhookNotification): Promise<WebhookOutcome> {
    const outcome = await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(webhookEvents)
        .values({ id: event.notificationId, eventType: event.eventType })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      if (inserted.length === 0) throw new AppError('WEBHOOK_REPLAYED');
      return this.apply(tx as unknown as Db, event);
    });
    this.log.info({ eventType: event.eventType, outcome }, 'payment notification');
    return outcome;
  }

  private async apply(tx: Db, event: WebhookNotification): Promise<WebhookOutcome> {
    const id = event.payload.id;
    const bySubscription = (subscriptionId: string) => eq(subscriptions.gatewaySubscriptionId, subscriptionId);
    switch (event.eventType) {
      case WEBHOOK_EVENTS.suspended: {
        // A charge failed; the gateway retries. The plan stays meanwhile.
        if (!id) return 'recorded';
        const changed = await tx
          .update(subscriptions)
          .set({ status: 'past_due' })
          .where(and(bySubscription(id), inArray(subscriptions.status, ['trialing', 'active'])))
          .returning({ id: subscriptions.id });
        return changed.length || (await this.known(tx, id)) ? 'applied' : 'unknown_subscription';
      }
      case WEBHOOK_EVENTS.terminated: {
        // The gateway gave up after failed payments: the plan ends now.
        if (!id) return 'recorded';
        const changed = await tx
          .update(subscriptions)
          .set({ status: 'expired', nextChargeAt: null })
          .where(and(bySubscription(id), ne(subscriptions.status, 'expired')))
          .returning({ id: subscriptions.id, userId: subscriptions.userId });
        for (const row of changed) {
          await tx.execute(sql`
            update profiles p set plan = 'FREE', updated_at = now()
            where p.id = ${row.userId} and p.plan = 'UNLIMITED'
              and not exists (
                select 1 from subscriptions s
                where s.user_id = p.id and s.id <> ${row.id}
                  and (s.status in ('trialing', 'active', 'past_due') or (s.status = 'cancelled' and s.current_period_end > now())))`);
        }
        return changed.length || (await this.known(tx, id)) ? 'applied' : 'unknown_subscription';
      }
      case WEBHOOK_EVENTS.cancelled: {
        // Cancelled at the gateway (e.g. in its merchant interface): no more charges; the paid period stays.
        if (!id) return 'recorded';
        const changed = await tx
          .update(subscriptions)
          .set({ status: 'cancelled', cancelledAt: sql`coalesce(${subscriptions.cancelledAt}, now())`, nextChargeAt: null })
          .where(and(bySubscription(id), inArray(subscriptions.status, LIVE)))
          .returning({ id: subscriptions.id });
        return changed.length || (await this.known(tx, id)) ? 'applied' : 'unknown_subscription';
      }
      case WEBHOOK_EVENTS.authCapture: {
        const subscriptionId = event.payload.subscription?.id;
        // Our own $1 charges carry no subscription: nothing to do.
        if (!subscriptionId) return 'recorded';
        return this.renewal(tx, event, subscriptionId);
      }
      default:
        // created, updated, expiring and anything else: recorded only.
        return id && event.eventType.startsWith('net.authorize.customer.subscription.') && !(await this.known(tx, id)) ? 'unknown_subscription' : 'recorded';
    }
  }

  private async known(tx: Db, subscriptionId: string): Promise<boolean> {
    const found = await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, subscriptionId)).limit(1);
    return found.length > 0;
  }

  /** A monthly charge of a subscription: one more month paid, recorded as a renewal payment. */
  private async renewal(tx: Db, event: WebhookNotification, subscriptionId: string): Promise<WebhookOutcome> {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, subscriptionId)).limit(1);
    if (!sub) return 'unknown_subscription';
    const transactionId = event.payload.id ?? null;
    if (transactionId) {
      const seen = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.gateway, sub.gateway), eq(payments.transactionId, transactionId)))
        .limit(1);
      if (seen.length) return 'recorded';
    }
    const approved = event.payload.responseCode === undefined || event.payload.responseCode === 1;
    // The card on file is the one of the subscription's earlier payments.
    const [card] = await tx
      .select({ brand: payments.cardBrand, last4: payments.cardLast4, expiry: payments.cardExpiry })
      .from(payments)
      .where(and(eq(payments.subscriptionId, sub.id), isNotNull(payments.cardLast4)))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    const amount = event.payload.authAmount;
    await tx.insert(payments).values({
      userId: sub.userId,
      subscriptionId: sub.id,
      gateway: sub.gateway,
      transactionId,
      kind: 'renewal',
      amountCents: amount !== undefined && Number.isFinite(amount) ? Math.round(amount * 100) : sub.amountCents,
      status: approved ? 'approved' : 'declined',
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      cardExpiry: card?.expiry ?? null,
      detail: event.payload.subscription?.payNum !== undefined ? `payment ${event.payload.subscription.payNum}` : null,
    });
    if (!approved) return 'applied';
    const ended = sub.status === 'cancelled' || sub.status === 'expired';
    await tx
      .update(subscriptions)
      .set({
        status: ended ? sub.status : 'active',
        currentPeriodEnd: sql`${subscriptions.currentPeriodEnd} + interval '1 month'`,
        nextChargeAt: ended ? null : sql`${subscriptions.currentPeriodEnd} + interval '1 month'`,
      })
      .where(eq(subscriptions.id, sub.id));
    // Paid for one more month (even after a cancellation): the plan is UNLIMITED until its end.
    if (sub.status !== 'expired') await tx.update(profiles).set({ plan: 'UNLIMITED' }).where(eq(profiles.id, sub.userId));
    return 'applied';
  }
}
