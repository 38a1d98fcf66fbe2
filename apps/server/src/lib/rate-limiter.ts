import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from './errors';

export interface Limit {
  /** Counter key, e.g. `sms:phone:+15551234567`. */
  key: string;
  max: number;
  windowSeconds: number;
  /** The Spanish message of the 429 answer. */
  message: string;
}

/**
 * Fixed-window counters in the database, so every server process shares them (decisions D6, and the
 * limits on SMS codes, sign-in and payments). One atomic upsert per check.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /**
   * Counts one attempt against every limit, in one statement; throws 429 (with Retry-After) when one
   * is exceeded.
   */
  async consume(...limits: Limit[]): Promise<void> {
    if (limits.length === 0) return;
    const values = sql.join(
      limits.map((l) => sql`(${l.key}::text, 1, now(), now() + make_interval(secs => ${l.windowSeconds}::int))`),
      sql`, `,
    );
    const windows = sql.join(
      limits.map((l) => sql`(${l.key}::text, ${l.windowSeconds}::int)`),
      sql`, `,
    );
    const result = await this.db.execute(sql`
      with w(key, secs) as (values ${windows})
      insert into rate_limits as r (key, count, window_start, expires_at)
      values ${values}
      on conflict (key) do update set
        count = case when r.expires_at <= now() then 1 else r.count + 1 end,
        window_start = case when r.expires_at <= now() then now() else r.window_start end,
        expires_at = case when r.expires_at <= now() then now() + make_interval(secs => (select w.secs from w where w.key = r.key)) else r.expires_at end
      returning key, count, ceil(extract(epoch from (expires_at - now())))::int as retry_after`);
    const counts = new Map(rows<{ key: string; count: number; retry_after: number }>(result).map((row) => [row.key, row]));
    for (const limit of limits) {
      const row = counts.get(limit.key);
      if (row && Number(row.count) > limit.max) throw new RateLimitedError(limit.message, Math.max(1, Number(row.retry_after)));
    }
  }

  /**
   * Counts one against a cap only while the count is under it, in one statement: true when counted,
   * false when the cap is reached. Concurrent callers can never pass the cap together (the upsert locks
   * the row and re-checks the condition on its latest version).
   */
  async take(key: string, max: number, windowSeconds: number, db: Db = this.db): Promise<boolean> {
    const result = await db.execute(sql`
      insert into rate_limits as r (key, count, window_start, expires_at)
      values (${key}::text, 1, now(), now() + make_interval(secs => ${windowSeconds}::int))
      on conflict (key) do update set
        count = case when r.expires_at <= now() then 1 else r.count + 1 end,
        window_start = case when r.expires_at <= now() then now() else r.window_start end,
        expires_at = case when r.expires_at <= now() then now() + make_interval(secs => ${windowSeconds}::int) else r.expires_at end
      where r.expires_at <= now() or r.count < ${max}::int
      returning count`);
    return rows(result).length > 0;
  }

  /** Gives back one counted by `take` (an attempt that turned out not to count). */
  async giveBack(key: string, db: Db = this.db): Promise<void> {
    await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key} and expires_at > now()`);
  }

  /** Current count without adding one (for checks before an expensive step). */
  async peek(key: string): Promise<number> {
    const result = await this.db.execute(sql`select count from rate_limits where key = ${key} and expires_at > now()`);
    return Number(rows<{ count: number }>(result)[0]?.count ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${key}`);
  }

  /** Deletes expired counters (run by the daily maintenance job). */
  async purgeExpired(): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where expires_at <= now()`);
  }
}

/** "en unos segundos", "en 1 minuto", "en 53 minutos": when the person can try again, as said. */
export function waitText(seconds: number): string {
  if (seconds < 60) return 'en unos segundos';
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'en 1 minuto' : `en ${minutes} minutos`;
}

/** A cap reached; a message with "{espera}" says when the person can try again. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message.replace('{espera}', waitText(retryAfterSeconds)));
  }
}

/** drizzle's execute() returns `{ rows }` on both drivers. */
export function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
