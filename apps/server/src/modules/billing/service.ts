import {
  BILLING,
  LIVE_SUBSCRIPTION_STATUSES,
  PAYMENT_MESSAGES,
  PAYMENT_SERVER_TEXTS,
  type AuthorizeSubResponse,
  type Plan,
  type Subscription,
  type SubscriptionStatus,
  type authorizeSubRequest,
} from '@camino/contracts';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { payments, profiles, subscriptions, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { rows } from '../../lib/rate-limiter';
import type { Auth } from '../auth';
import { newReference } from './authorizenet';
import { cardBrand, GatewayError, utcDatePlusDays, type ChargeResult, type CreatedSubscription, type PaymentGateway } from './gateway';
import { endedPlansUpdate, endedPlanUpdate } from './plan';
import { trialReceipt, type ReceiptFacts } from './receipt';
import type { Config } from '../../config';
import type { EmailSender } from '../messaging';

/** Where receipts go (the configured e-mail provider) and what they name; absent, none is sent. */
export interface Receipts {
  email: EmailSender;
  site: { publicUrl: string; operator: Config['operator'] };
}

export type AuthorizeInput = z.output<typeof authorizeSubRequest>;

export interface Payer {
  /** The signed-in user, or null: the payment then creates the account. */
  userId: string | null;
  /** The request's headers: better-auth reads the address and agent, and the session of a signed-in payer. */
  headers: Headers;
}

export interface Authorized {
  body: AuthorizeSubResponse;
  /** The new account's session cookies, for the response. */
  setCookie: string[];
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

const DAY_MS = 86_400_000;
const LIVE = [...LIVE_SUBSCRIPTION_STATUSES];

/** Raised inside the activation transaction when another live subscription appeared meanwhile. */
class DuplicateSubscription extends Error {
  constructor(readonly gatewaySubscriptionId: string) {
    super('duplicate subscription');
  }
}

/** A step of authorize-sub that failed after the charge, with what to tell the payer. */
class AfterCharge extends Error {
  constructor(
    readonly step: 'subscription' | 'account' | 'activation',
    readonly refusal: AppError,
    readonly detail: string,
  ) {
    super(`${step}: ${detail}`);
  }
}

const describe = (error: unknown): string =>
  error instanceof GatewayError ? `${error.kind}${error.code ? ` ${error.code}` : ''}` : error instanceof Error ? error.name : 'unknown error';

export const duplicateSubscriptionError = (gatewaySubscriptionId: string | null) =>
  new AppError('PAYMENT_DUPLICATE_SUBSCRIPTION', PAYMENT_SERVER_TEXTS.duplicateSubscription(gatewaySubscriptionId ?? ''));

/** What the payer reads when the gateway failed (not a decline). */
function gatewayRefusal(error: unknown): AppError {
  if (error instanceof GatewayError) {
    switch (error.kind) {
      case 'auth':
        return new AppError('PAYMENT_GATEWAY_AUTH', error.message);
      case 'duplicate':
        return new AppError('PAYMENT_DUPLICATE_SUBSCRIPTION', error.message);
      case 'unavailable':
        return new AppError('PAYMENT_UNAVAILABLE');
    }
  }
  return new AppError('PAYMENT_FAILED');
}

/**
 * Plans and payments (spec call 15, decisions D7). The order of authorize-sub makes every failure
 * leave nothing behind: checks before any charge; the $1 charge; the gateway subscription; the account;
 * then one database transaction. A failure after the charge cancels what the gateway created and
 * voids (or refunds) the charge. Every outcome is a row of `payments`, with the card's brand, last four
 * digits and expiry only.
 */
export class BillingService {
  constructor(
    private readonly db: Db,
    private readonly auth: Auth,
    readonly gateway: PaymentGateway,
    private readonly log: FastifyBaseLogger,
    private readonly receipts?: Receipts,
  ) {}

  /** The receipt e-mail; a failure to send it is logged and never undoes a payment that went through. */
  private async sendReceipt(facts: ReceiptFacts): Promise<void> {
    if (!this.receipts) return;
    try {
      await this.receipts.email.send(trialReceipt(facts, this.receipts.site));
    } catch (error) {
      this.log.warn({ failure: describe(error) }, 'the payment receipt could not be sent');
    }
  }

  async emailTaken(email: string): Promise<boolean> {
    const found = await this.db
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
      .limit(1);
    return found.length > 0;
  }

  /** The user's subscription that the gateway still charges, if any. */
  async liveSubscription(userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE)))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    return row;
  }

  /** The refusals that need no charge: an e-mail with an account, a second subscription. */
  async precheck(input: AuthorizeInput, payer: Payer): Promise<void> {
    if (!payer.userId) {
      if (!input.password) throw new AppError('VALIDATION', PAYMENT_MESSAGES.password, { password: PAYMENT_MESSAGES.password });
      if (await this.emailTaken(input.email)) throw new AppError('PAYMENT_EMAIL_REGISTERED');
      return;
    }
    const live = await this.liveSubscription(payer.userId);
    if (live) throw duplicateSubscriptionError(live.gatewaySubscriptionId);
  }

  /**
   * Charges $1, creates the $9.99/month subscription starting in 7 days, creates the account when the
   * payer is signed out, and gives the plan UNLIMITED. Refusals throw an AppError (PAYMENT_* codes).
   */
  async authorize(input: AuthorizeInput, payer: Payer): Promise<Authorized> {
    await this.precheck(input, payer);
    const customer = { firstName: input.firstName, lastName: input.lastName, email: input.email };
    const card = { number: input.cardNumber, expiration: input.expirationDate, cvv: input.cvv };
    const cardFacts = { cardBrand: cardBrand(card.number), cardLast4: card.number.slice(-4), cardExpiry: card.expiration };
    const gateway = this.gateway.name;
    let userId = payer.userId;

    // 2. The $1 charge.
    const reference = newReference();
    let charge: ChargeResult;
    try {
      charge = await this.gateway.charge(BILLING.trialCents, card, customer, { reference });
    } catch (error) {
      await this.db.insert(payments).values({
        userId,
        gateway,
        kind: 'trial',
        amountCents: BILLING.trialCents,
        status: 'error',
        // Our reference (the gateway's invoice number) finds the charge if the gateway did make it.
        detail: `charge failed: ${describe(error)}; reference ${reference}`,
        ...cardFacts,
      });
      this.log.warn({ gateway, failure: describe(error), reference }, 'payment gateway failed on the charge');
      throw gatewayRefusal(error);
    }
    if (!charge.approved) {
      await this.db
        .insert(payments)
        .values({ userId, gateway, kind: 'trial', amountCents: BILLING.trialCents, status: 'declined', detail: charge.code, ...cardFacts });
      this.log.info({ gateway, decline: charge.code }, 'card declined');
      throw new AppError('PAYMENT_DECLINED', charge.reason);
    }
    const [payment] = await this.db
      .insert(payments)
      .values({
        userId,
        gateway,
        transactionId: charge.transactionId,
        kind: 'trial',
        amountCents: BILLING.trialCents,
        status: 'approved',
        cardBrand: charge.brand,
        cardLast4: charge.last4,
        cardExpiry: card.expiration,
      })
      .returning({ id: payments.id });
    const paymentId = payment!.id;

    // 3-4. The subscription, the account, then one transaction; on failure, undo at the gateway.
    const now = new Date();
    let created: CreatedSubscription | undefined;
    let newAccount: { userId: string; token: string; setCookie: string[] } | undefined;
    try {
      try {
        created = await this.gateway.createSubscription({
          transactionId: charge.transactionId,
          customer,
          amountCents: BILLING.monthlyCents,
          startDate: utcDatePlusDays(BILLING.trialDays, now),
          intervalMonths: 1,
        });
      } catch (error) {
        throw new AfterCharge('subscription', gatewayRefusal(error), describe(error));
      }
      if (!userId) {
        newAccount = await this.signUp(input, payer.headers);
        userId = newAccount.userId;
      }
      await this.activate({ userId, paymentId, created, input, now });
    } catch (error) {
      const failure =
        error instanceof AfterCharge ? error : new AfterCharge('activation', new AppError('PAYMENT_FAILED', undefined, undefined, 500), describe(error));
      if (!(error instanceof AfterCharge)) this.log.error({ err: error }, 'activating the subscription failed');
      await this.undo({ paymentId, charge, created, newUserId: newAccount?.userId, reason: failure.message });
      throw failure.refusal;
    }

    // 5. The session. better-auth has one token per session, no separate refresh token: the session
    // token is a Bearer token (bearer plugin) and renews itself on use (30 days, refreshed daily), so
    // both fields carry it; the browser's real session is the HttpOnly cookie set with this response.
    const token = newAccount?.token ?? (await this.sessionToken(payer.headers));
    this.log.info({ gateway, newAccount: Boolean(newAccount) }, 'subscription started');
    await this.sendReceipt({
      to: input.email,
      firstName: input.firstName,
      chargedAt: now,
      nextChargeAt: new Date(now.getTime() + BILLING.trialDays * DAY_MS),
      cardBrand: charge.brand,
      cardLast4: charge.last4,
      transactionId: charge.transactionId,
    });
    return {
      body: { success: true, session: { access_token: token, refresh_token: token }, redirectTo: BILLING.redirectTo },
      setCookie: newAccount?.setCookie ?? [],
    };
  }

  private async sessionToken(headers: Headers): Promise<string> {
    const session = await this.auth.api.getSession({ headers }).catch(() => null);
    return session?.session.token ?? '';
  }

  /** The account of a signed-out payer (better-auth sign-up: name = first name), signed in. */
  private async signUp(input: AuthorizeInput, requestHeaders: Headers): Promise<{ userId: string; token: string; setCookie: string[] }> {
    const headers = new Headers(requestHeaders);
    headers.delete('content-length');
    headers.delete('cookie');
    headers.delete('authorization');
    try {
      const { headers: responseHeaders, response } = await this.auth.api.signUpEmail({
        body: { email: input.email, password: input.password ?? '', name: input.firstName },
        headers,
        returnHeaders: true,
      });
      return { userId: response.user.id, token: response.token ?? '', setCookie: responseHeaders.getSetCookie() };
    } catch (error) {
      const code = (error as { body?: { code?: string } }).body?.code;
      if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
        throw new AfterCharge('account', new AppError('PAYMENT_EMAIL_REGISTERED'), code);
      }
      this.log.error({ err: error }, 'creating the account of a payment failed');
      throw new AfterCharge('account', new AppError('PAYMENT_ACCOUNT_FAILED'), code ?? describe(error));
    }
  }

  /** Plan, subscription and payment in one transaction; refuses a second live subscription. */
  private async activate(args: { userId: string; paymentId: string; created: CreatedSubscription; input: AuthorizeInput; now: Date }): Promise<void> {
    const { userId, paymentId, created, input, now } = args;
    const periodEnd = new Date(now.getTime() + BILLING.trialDays * DAY_MS);
    try {
      await this.db.transaction(async (tx) => {
        await tx.insert(profiles).values({ id: userId }).onConflictDoNothing();
        // Serialises two payments of one user: the second sees the first's subscription.
        await tx.execute(sql`select id from profiles where id = ${userId} for update`);
        const [live] = await tx
          .select({ gatewaySubscriptionId: subscriptions.gatewaySubscriptionId })
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE)))
          .limit(1);
        if (live) throw new DuplicateSubscription(live.gatewaySubscriptionId ?? '');
        await tx
          .update(profiles)
          .set({
            plan: 'UNLIMITED',
            firstName: sql`coalesce(${profiles.firstName}, ${input.firstName})`,
            lastName: sql`coalesce(${profiles.lastName}, ${input.lastName})`,
          })
          .where(eq(profiles.id, userId));
        const [subscription] = await tx
          .insert(subscriptions)
          .values({
            userId,
            gateway: this.gateway.name,
            gatewaySubscriptionId: created.subscriptionId,
            gatewayCustomerId: created.customerProfileId,
            status: 'trialing',
            amountCents: BILLING.monthlyCents,
            currentPeriodEnd: periodEnd,
            nextChargeAt: periodEnd,
          })
          .returning({ id: subscriptions.id });
        await tx.update(payments).set({ userId, subscriptionId: subscription!.id }).where(eq(payments.id, paymentId));
      });
    } catch (error) {
      if (error instanceof DuplicateSubscription) {
        throw new AfterCharge('activation', duplicateSubscriptionError(error.gatewaySubscriptionId), 'duplicate subscription');
      }
      throw error;
    }
  }

  /**
   * Undoes a payment whose subscription could not be completed: cancels the gateway subscription,
   * removes an account created for it, voids (else refunds) the charge and records the outcome.
   */
  private async undo(args: {
    paymentId: string;
    charge: Extract<ChargeResult, { approved: true }>;
    created?: CreatedSubscription;
    newUserId?: string;
    reason: string;
  }) {
    const { paymentId, charge, created, newUserId, reason } = args;
    if (created) {
      try {
        await this.gateway.cancelSubscription(created.subscriptionId);
      } catch (error) {
        if (!(error instanceof GatewayError && (error.kind === 'already_cancelled' || error.kind === 'not_found'))) {
          this.log.error({ failure: describe(error), subscriptionId: created.subscriptionId }, 'cancelling an unused subscription failed: cancel it by hand');
        }
      }
      await this.gateway.deleteCustomer(created.customerProfileId).catch(() => undefined);
    }
    if (newUserId) {
      await this.db
        .delete(user)
        .where(eq(user.id, newUserId))
        .catch((error: unknown) => this.log.error({ err: error }, 'removing the account of a failed payment failed'));
    }
    try {
      const outcome = await this.gateway.void(charge.transactionId, { amountCents: BILLING.trialCents, last4: charge.last4 });
      await this.db.update(payments).set({ status: outcome, detail: reason }).where(eq(payments.id, paymentId));
      this.log.info({ outcome, reason }, 'charge undone');
    } catch (error) {
      await this.db
        .update(payments)
        .set({ status: 'error', detail: `${reason}; void and refund failed (${describe(error)}): refund by hand` })
        .where(eq(payments.id, paymentId));
      this.log.error({ failure: describe(error), transactionId: charge.transactionId }, 'undoing a charge failed: refund it by hand');
    }
  }

  /** GET /billing/subscription: the user's latest subscription, with the card that pays it. */
  async subscription(userId: string): Promise<Subscription | null> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(1);
    if (!row) return null;
    const [card] = await this.db
      .select({ brand: payments.cardBrand, last4: payments.cardLast4 })
      .from(payments)
      .where(and(eq(payments.subscriptionId, row.id), eq(payments.status, 'approved'), isNotNull(payments.cardLast4)))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return {
      plan: 'UNLIMITED',
      status: row.status as SubscriptionStatus,
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      nextChargeAt: row.nextChargeAt?.toISOString() ?? null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      amountCents: row.amountCents,
      card: card?.last4 ? { brand: card.brand ?? 'Tarjeta', last4: card.last4 } : null,
    };
  }

  /** Cancels at the gateway; a subscription the gateway no longer has counts as cancelled. */
  private async cancelAtGateway(row: SubscriptionRow): Promise<void> {
    if (!row.gatewaySubscriptionId || row.gateway === 'sandbox') return; // the sandbox charges nothing later
    if (row.gateway !== this.gateway.name) {
      this.log.error({ gateway: row.gateway, configured: this.gateway.name }, 'a subscription of another gateway cannot be cancelled');
      throw new AppError('PAYMENT_UNAVAILABLE');
    }
    try {
      await this.gateway.cancelSubscription(row.gatewaySubscriptionId);
    } catch (error) {
      if (error instanceof GatewayError && (error.kind === 'already_cancelled' || error.kind === 'not_found')) {
        this.log.info({ failure: describe(error) }, 'subscription already ended at the gateway');
        return;
      }
      this.log.warn({ failure: describe(error) }, 'cancelling at the gateway failed');
      throw new AppError('PAYMENT_UNAVAILABLE');
    }
  }

  /**
   * POST /billing/cancel ("cancel any time"): no further charge; the plan stays UNLIMITED until the
   * paid period ends (refreshPlan). 404 when nothing is live.
   */
  async cancel(userId: string): Promise<Subscription> {
    const live = await this.liveSubscription(userId);
    if (!live) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    await this.cancelAtGateway(live);
    await this.db
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: new Date(), nextChargeAt: null })
      .where(and(eq(subscriptions.id, live.id), inArray(subscriptions.status, LIVE)));
    this.log.info({ gateway: live.gateway }, 'subscription cancelled by the user');
    return (await this.subscription(userId))!;
  }

  /**
   * Turns the user's UNLIMITED plan back to FREE once its subscription has ended (also inside the
   * caller's transaction `db`). true: changed.
   */
  async refreshPlan(userId: string, db: Db = this.db): Promise<boolean> {
    return rows(await db.execute(endedPlanUpdate(userId))).length > 0;
  }

  /** The same for every user (hourly job). Returns how many plans ended. */
  async refreshPlans(): Promise<number> {
    const ended = rows(await this.db.execute(endedPlansUpdate())).length;
    if (ended) this.log.info({ ended }, 'plans ended with their subscription');
    return ended;
  }

  /**
   * For the account-deletion command: cancels every live subscription at the gateway (one the gateway
   * already ended is fine) and forgets the stored cards. Returns how many were cancelled.
   */
  async cancelForDeletion(userId: string): Promise<number> {
    const live = await this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE)));
    for (const row of live) {
      await this.cancelAtGateway(row);
      await this.db.update(subscriptions).set({ status: 'cancelled', cancelledAt: new Date(), nextChargeAt: null }).where(eq(subscriptions.id, row.id));
    }
    const customers = await this.db
      .selectDistinct({ gateway: subscriptions.gateway, id: subscriptions.gatewayCustomerId })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.gatewayCustomerId)));
    for (const customer of customers) {
      if (customer.gateway === this.gateway.name && customer.id) await this.gateway.deleteCustomer(customer.id).catch(() => undefined);
    }
    return live.length;
  }

  /** For the operator command: sets the plan of a user (the profile is created if missing). */
  async setPlan(userId: string, plan: Plan): Promise<void> {
    const [found] = await this.db.select({ id: user.id }).from(user).where(eq(user.id, userId)).limit(1);
    if (!found) throw new AppError('NOT_FOUND');
    await this.db
      .insert(profiles)
      .values({ id: userId, plan })
      .onConflictDoUpdate({ target: profiles.id, set: { plan, updatedAt: new Date() } });
  }
}
