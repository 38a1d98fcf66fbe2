import { LIMITS, normalizePlan, type AnswerKind, type AskEvent, type Usage } from '@camino/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { consultations, guestUsage } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { rows, type RateLimiter } from '../../lib/rate-limiter';
import { endedPlanUpdate } from '../billing/plan';
import type { ChatService } from '../chats/service';
import type { ProfileService } from '../profiles/service';
import type { Assistant } from './assistant';
import type { Turn } from './engine/engine';
import { ModelError } from './model/openai-compatible';

export type Identity = { type: 'user'; userId: string; ip: string } | { type: 'guest'; guestId: string; ip: string };

const HOUR = 3600;
/** Guests behind one address (a family, a shop's Wi-Fi) share this many demo answers a day. */
const GUEST_IP_DAILY = 10;

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
    private readonly chats: ChatService,
    private readonly rateLimiter: RateLimiter,
    private readonly log: FastifyBaseLogger,
  ) {}

  async usage(identity: Identity, tzOffsetMinutes = 0): Promise<Usage> {
    if (identity.type === 'guest') {
      const [row] = await this.db.select().from(guestUsage).where(eq(guestUsage.guestId, identity.guestId)).limit(1);
      const used = row?.questions ?? 0;
      return { plan: 'GUEST', used, limit: LIMITS.guestQuestions, remaining: Math.max(0, LIMITS.guestQuestions - used), today: 0 };
    }
    // One round trip: the plan (turned back to FREE first when its subscription has ended, decisions
    // D7), the consultations so far and today's chats.
    const since = localMidnight(tzOffsetMinutes);
    const [row] = rows<{ plan: string | null; used: number; today: number }>(
      await this.db.execute(sql`
        with ended as (${endedPlanUpdate(identity.userId)})
        select coalesce((select plan from ended), (select plan from profiles where id = ${identity.userId})) as plan,
               (select count(*)::int from consultations where user_id = ${identity.userId}) as used,
               (select count(*)::int from saved_chats where user_id = ${identity.userId} and created_at >= ${since.toISOString()}) as today`),
    );
    const plan = normalizePlan(row?.plan);
    const used = Number(row?.used ?? 0);
    const today = Number(row?.today ?? 0);
    const limit = plan === 'UNLIMITED' ? null : LIMITS.freeConsultations;
    return { plan, used, limit, remaining: limit === null ? null : Math.max(0, limit - used), today };
  }

  /** Refuses, before anything is generated, a question over the plan's limit or while another is answered. */
  async admit(identity: Identity): Promise<() => Promise<void>> {
    const usage = await this.usage(identity);
    if (usage.remaining === 0) throw new AppError(identity.type === 'guest' ? 'GUEST_LIMIT_REACHED' : 'LIMIT_REACHED');
    if (identity.type === 'guest' && (await this.rateLimiter.peek(`guest:ip:${identity.ip}`)) >= GUEST_IP_DAILY) {
      throw new AppError('GUEST_LIMIT_REACHED');
    }
    const who = identity.type === 'user' ? `user:${identity.userId}` : `guest:${identity.guestId}`;
    // What costs money is rate limited per person and per address.
    await this.rateLimiter.consume(
      { key: `ask:${who}`, max: 40, windowSeconds: HOUR, message: 'Hiciste muchas preguntas seguidas. Espera un momento e inténtalo de nuevo.' },
      { key: `ask:ip:${identity.ip}`, max: 120, windowSeconds: HOUR, message: 'Demasiadas preguntas desde esta conexión. Espera un momento e inténtalo de nuevo.' },
      { key: `inflight:${who}`, max: 1, windowSeconds: 120, message: 'Espera a que termine la respuesta anterior.' },
    );
    return () => this.rateLimiter.reset(`inflight:${who}`);
  }

  async *ask(identity: Identity, input: { message: string; history: Turn[]; mode: 'user' | 'guest' }, signal: AbortSignal, tzOffsetMinutes = 0): AsyncGenerator<AskEvent> {
    try {
      for await (const event of this.assistant.answer(input, signal)) {
        switch (event.type) {
          case 'start':
            yield { event: 'start', data: { kind: event.kind } };
            break;
          case 'delta':
            yield { event: 'delta', data: { text: event.text } };
            break;
          case 'sentence':
            yield { event: 'sentence', data: { index: event.index, text: event.text } };
            break;
          case 'done': {
            await this.record(identity, event.kind);
            let savedChatId: string | null = null;
            let saveFailed = false;
            if (identity.type === 'user' && (event.kind === 'answer' || event.kind === 'urgent')) {
              try {
                savedChatId = await this.chats.save(identity.userId, event.question, event.text);
              } catch (error) {
                saveFailed = true;
                this.log.error({ err: error }, 'saving the chat failed');
              }
            }
            this.log.info({ kind: event.kind, source: event.source, fallback: event.fallback, who: identity.type }, 'answered');
            yield { event: 'done', data: { kind: event.kind, text: event.text, usage: await this.usage(identity, tzOffsetMinutes), savedChatId, saveFailed } };
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
    }
  }

  /** A consultation is a question that got an answer; a clarifying turn is not one (D5, D6). */
  private async record(identity: Identity, kind: AnswerKind): Promise<void> {
    if (kind === 'clarify') return;
    if (identity.type === 'user') {
      if (kind === 'offtopic') return;
      await this.db.insert(consultations).values({ userId: identity.userId, kind });
      return;
    }
    await this.db.insert(consultations).values({ guestId: identity.guestId, kind });
    await this.db
      .insert(guestUsage)
      .values({ guestId: identity.guestId, questions: 1 })
      .onConflictDoUpdate({ target: guestUsage.guestId, set: { questions: sql`${guestUsage.questions} + 1`, updatedAt: new Date() } });
    await this.rateLimiter.consume({ key: `guest:ip:${identity.ip}`, max: Number.MAX_SAFE_INTEGER, windowSeconds: 24 * HOUR, message: '' });
  }
}

/** The user's local midnight, from the browser's offset (minutes, as Date#getTimezoneOffset gives). */
export function localMidnight(tzOffsetMinutes: number, now = new Date()): Date {
  const local = new Date(now.getTime() - tzOffsetMinutes * 60_000);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() + tzOffsetMinutes * 60_000);
}
