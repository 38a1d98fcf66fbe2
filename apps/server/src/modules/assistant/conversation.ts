import { LIMITS, type AnswerKind, type AskEvent, type Usage } from '@camino/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { consultations, guestUsage } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { rows, type RateLimiter } from '../../lib/rate-limiter';
import type { BillingService } from '../billing';
import type { ChatService } from '../chats';
import type { ProfileService } from '../profiles';
import type { Assistant } from './assistant';
import type { Turn } from './engine/engine';
import { ModelError } from './model/openai-compatible';

export type Identity = { type: 'user'; userId: string; ip: string } | { type: 'guest'; guestId: string; ip: string };

const HOUR = 3600;
/**
 * Guests behind one address (a family, a library, a carrier's shared address) share this many demo
 * answers a day: 20 browsers' 2 questions each (decisions D6, docs/decisions/0031).
 */
export const GUEST_IP_DAILY = 40;

const MODEL_CODES = {
  invalid_key: 'MODEL_INVALID_KEY',
  insufficient_quota: 'MODEL_QUOTA',
  rate_limited: 'MODEL_RATE_LIMITED',
  empty: 'MODEL_EMPTY',
  other: 'MODEL_ERROR',
} as const;

/**
 * A question and its answer, with the product's rules around them (decisions D6, D11): limits checked
 * by the server before any model call, one answer at a time per person, a consultation counted only for
 * an answer (never for a clarifying turn), the chat saved for signed-in users. Question and answer text
 * is never logged.
 */
export class ConversationService {
  constructor(
    private readonly db: Db,
    private readonly assistant: Assistant,
    private readonly profiles: ProfileService,
    private readonly billing: BillingService,
    private readonly chats: ChatService,
    private readonly rateLimiter: RateLimiter,
    private readonly log: FastifyBaseLogger,
  ) {}

  async usage(identity: Identity, tzOffsetMinutes = 0): Promise<Usage> {
    if (identity.type === 'guest') {
      const [row] = await this.db.select().from(guestUsage).where(eq(guestUsage.guestId, identity.guestId)).limit(1);
      const used = row?.questions ?? 0;
      // The address's cap counts too: a guest behind a used-up address sees the sign-up modal, not an error.
      const addressLeft = GUEST_IP_DAILY - (await this.rateLimiter.peek(guestIpKey(identity.ip)));
      return { plan: 'GUEST', used, limit: LIMITS.guestQuestions, remaining: Math.max(0, Math.min(LIMITS.guestQuestions - used, addressLeft)), today: 0 };
    }
    // The plan is turned back to FREE first when its subscription has ended (decisions D7).
    await this.billing.refreshPlan(identity.userId);
    const [plan, used, today] = await Promise.all([
      this.profiles.plan(identity.userId),
      this.consultationsUsed(identity.userId),
      this.chats.countSince(identity.userId, localMidnight(tzOffsetMinutes)),
    ]);
    const limit = plan === 'UNLIMITED' ? null : LIMITS.freeConsultations;
    return { plan, used, limit, remaining: limit === null ? null : Math.max(0, limit - used), today };
  }

  /**
   * Admits a question, before anything is generated: one answer at a time per person, the hourly rate
   * limits, and the consultation itself reserved atomically against every cap (guest cookie, guest
   * address, FREE plan). Concurrent requests can never pass a cap together: the count is taken in the
   * same step as the check. `ask` then keeps the reservation or gives it back.
   */
  async admit(identity: Identity): Promise<Admission> {
    const who = identity.type === 'user' ? `user:${identity.userId}` : `guest:${identity.guestId}`;
    const inflight = inflightKey(identity);
    // What costs money is rate limited per person and per address.
    await this.rateLimiter.consume(
      { key: `ask:${who}`, max: 40, windowSeconds: HOUR, message: 'Hiciste muchas preguntas en poco tiempo. Podrás seguir preguntando {espera}.' },
      {
        key: `ask:ip:${identity.ip}`,
        max: 120,
        windowSeconds: HOUR,
        message: 'Hay demasiadas preguntas desde esta conexión. Podrás seguir preguntando {espera}.',
      },
      { key: inflight, max: 1, windowSeconds: 120, message: 'Espera a que termine la respuesta anterior.' },
    );
    try {
      const consultationId = await this.reserve(identity);
      return { identity, consultationId, release: () => this.rateLimiter.reset(inflight) };
    } catch (error) {
      await this.rateLimiter.reset(inflight);
      throw error;
    }
  }

  /** One transaction: every cap checked and counted, and a consultation row held for this question. */
  private reserve(identity: Identity): Promise<string> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      if (identity.type === 'guest') {
        const counted = rows(
          await db.execute(sql`
            insert into guest_usage (guest_id, questions) values (${identity.guestId}, 1)
            on conflict (guest_id) do update set questions = guest_usage.questions + 1, updated_at = now()
            where guest_usage.questions < ${LIMITS.guestQuestions}
            returning questions`),
        );
        if (counted.length === 0) throw new AppError('GUEST_LIMIT_REACHED');
        if (!(await this.rateLimiter.take(guestIpKey(identity.ip), GUEST_IP_DAILY, 24 * HOUR, db))) throw new AppError('GUEST_LIMIT_REACHED');
        const [row] = await db.insert(consultations).values({ guestId: identity.guestId, kind: 'answer' }).returning({ id: consultations.id });
        return row!.id;
      }
      // The profile row is locked: two questions of one account are counted one after the other.
      await this.billing.refreshPlan(identity.userId, db);
      if ((await this.profiles.plan(identity.userId, { db, lock: true })) !== 'UNLIMITED') {
        if ((await this.consultationsUsed(identity.userId, db)) >= LIMITS.freeConsultations) throw new AppError('LIMIT_REACHED');
      }
      const [row] = await db.insert(consultations).values({ userId: identity.userId, kind: 'answer' }).returning({ id: consultations.id });
      return row!.id;
    });
  }

  async *ask(
    admission: Admission,
    input: { message: string; history: Turn[]; mode: 'user' | 'guest'; chatId?: string },
    signal: AbortSignal,
    tzOffsetMinutes = 0,
  ): AsyncGenerator<AskEvent> {
    const { identity } = admission;
    let kind: AnswerKind | null = null;
    let sentenceSent = false;
    let settled = false;
    try {
      for await (const event of this.assistant.answer(input, signal)) {
        switch (event.type) {
          case 'start':
            kind = event.kind;
            yield { event: 'start', data: { kind: event.kind } };
            break;
          case 'delta':
            yield { event: 'delta', data: { text: event.text } };
            break;
          case 'sentence':
            // From here the person has an answer: a client that leaves now still uses the consultation.
            sentenceSent = true;
            yield { event: 'sentence', data: { index: event.index, text: event.text } };
            break;
          case 'done': {
            settled = true;
            // The text leaves before the database writes. Node holds a response's writes until the next
            // tick, and PGlite runs its queries without returning to the event loop: without this turn
            // the whole answer would reach the browser in one piece, after the writes.
            await nextTurn();
            await this.settle(admission, counts(event.kind) ? event.kind : null);
            let savedChatId: string | null = null;
            let saveFailed = false;
            // A conversation is saved from its first answer on (with the turns before it), then turn by turn.
            if (identity.type === 'user' && (event.kind === 'answer' || event.kind === 'urgent' || input.chatId)) {
              try {
                const exchange = [
                  { role: 'user' as const, content: input.message },
                  { role: 'assistant' as const, content: event.text, kind: event.kind, source: event.cited },
                ];
                // The turns before the first answer: the clarifying questions are marked as such.
                const earlier = input.chatId
                  ? []
                  : input.history.map((t) =>
                      t.role === 'assistant' && this.assistant.engine.isClarification(t.content) ? { ...t, kind: 'clarify' as const } : t,
                    );
                savedChatId = await this.chats.save(identity.userId, input.chatId, exchange, earlier);
              } catch (error) {
                saveFailed = true;
                this.log.error({ err: error }, 'saving the chat failed');
              }
            }
            this.log.info({ kind: event.kind, source: event.source, fallback: event.fallback, who: identity.type }, 'answered');
            yield {
              event: 'done',
              data: { kind: event.kind, text: event.text, source: event.cited, usage: await this.usage(identity, tzOffsetMinutes), savedChatId, saveFailed },
            };
          }
        }
      }
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ModelError) {
        const code = MODEL_CODES[error.kind];
        yield { event: 'error', data: { code, message: error.message } };
        return;
      }
      this.log.error({ err: error }, 'answering failed');
      yield { event: 'error', data: { code: 'INTERNAL', message: 'Error procesando la solicitud' } };
    } finally {
      // No `done`: the client left or the answer failed. A sentence already sent is a consultation.
      if (!settled) {
        await this.settle(admission, sentenceSent && kind && counts(kind) ? kind : null).catch((error: unknown) =>
          this.log.error({ err: error }, 'settling the consultation failed'),
        );
      }
    }
  }

  private async consultationsUsed(userId: string, db: Db = this.db): Promise<number> {
    const [row] = await db.select({ n: count() }).from(consultations).where(eq(consultations.userId, userId));
    return Number(row?.n ?? 0);
  }

  /** Gives an admitted question's consultation back, when it will not be answered at all. */
  giveBack(admission: Admission): Promise<void> {
    return this.settle(admission, null);
  }

  /** An answer is being streamed to this person right now (admit() holds the counter until it ends). */
  async isAnswering(identity: Identity): Promise<boolean> {
    return (await this.rateLimiter.peek(inflightKey(identity))) > 0;
  }

  /** Keeps the reserved consultation with its kind, or (null) gives it back to every counter. */
  private async settle(admission: Admission, kind: AnswerKind | null): Promise<void> {
    const { identity, consultationId } = admission;
    if (kind) {
      if (kind !== 'answer') await this.db.update(consultations).set({ kind }).where(eq(consultations.id, consultationId));
      return;
    }
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await db.delete(consultations).where(eq(consultations.id, consultationId));
      if (identity.type === 'guest') {
        await db.execute(sql`update guest_usage set questions = greatest(questions - 1, 0), updated_at = now() where guest_id = ${identity.guestId}`);
        await this.rateLimiter.giveBack(guestIpKey(identity.ip), db);
      }
    });
  }
}

/**
 * A consultation is a question that got an answer; a clarifying turn, "no reliable information" (D5, D6)
 * and the off-topic redirect (written by the engine, no model call) are not, for a guest too: a guest's
 * "hola" does not use one of the demo's two questions.
 */
function counts(kind: AnswerKind): boolean {
  return kind === 'answer' || kind === 'urgent';
}

const guestIpKey = (ip: string) => `guest:ip:${ip}`;
const inflightKey = (identity: Identity) => `inflight:${identity.type === 'user' ? `user:${identity.userId}` : `guest:${identity.guestId}`}`;

/** An admitted question: its reserved consultation, and the release of the one-at-a-time counter. */
export interface Admission {
  identity: Identity;
  consultationId: string;
  release(): Promise<void>;
}

/** The user's local midnight, from the browser's offset (minutes, as Date#getTimezoneOffset gives). */
export function localMidnight(tzOffsetMinutes: number, now = new Date()): Date {
  const local = new Date(now.getTime() - tzOffsetMinutes * 60_000);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() + tzOffsetMinutes * 60_000);
}
