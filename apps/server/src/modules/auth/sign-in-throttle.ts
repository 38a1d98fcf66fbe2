import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows, RateLimitedError } from '../../lib/rate-limiter';
import { SIGN_IN_LIMIT_MESSAGE } from './limits';

/** Failures of an account (from any address) before each attempt has to wait. */
const FREE_FAILURES = 10;
/** The longest wait: the owner with the right password is never kept out longer than this. */
const MAX_WAIT_SECONDS = 30;
/** Failures are forgotten 15 minutes after the last one. */
const MEMORY_SECONDS = 15 * 60;

/**
 * A backoff on an account's failed sign-ins (issue 13): after 10 failures in a row, from whatever
 * addresses, each attempt waits 1, 2, 4 ... up to 30 seconds after the previous one. An attacker with
 * many addresses is slowed to about two guesses a minute; the owner waits at most 30 seconds and then
 * signs in with the right password, whatever the attacker does. A success clears the failures.
 *
 * The counter is a rate_limits row: `count` is the failures, `window_start` the last attempt.
 */
export class SignInThrottle {
  constructor(private readonly db: Db) {}

  private key(account: string): string {
    return `signin:failures:${account.toLowerCase()}`;
  }

  /** Claims the account's next attempt, or throws 429 with the seconds left to wait. Atomic. */
  async claim(account: string): Promise<void> {
    const key = this.key(account);
    const delay = sql`make_interval(secs => least(power(2, r.count - ${FREE_FAILURES})::int, ${MAX_WAIT_SECONDS}))`;
    const [state] = rows<{ count: number; wait: number }>(
      await this.db.execute(sql`
        select r.count, ceil(extract(epoch from (r.window_start + ${delay} - now())))::int as wait
        from rate_limits r where r.key = ${key} and r.expires_at > now()`),
    );
    if (!state || Number(state.count) < FREE_FAILURES) return;
    // Only one attempt per wait: the update re-checks the condition on the row's latest version.
    const claimed = rows(
      await this.db.execute(sql`
        update rate_limits r set window_start = now()
        where r.key = ${key} and r.expires_at > now() and r.window_start + ${delay} <= now()
        returning r.key`),
    );
    if (claimed.length === 0) throw new RateLimitedError(SIGN_IN_LIMIT_MESSAGE, Math.min(MAX_WAIT_SECONDS, Math.max(1, Number(state.wait))));
  }

  async failed(account: string): Promise<void> {
    await this.db.execute(sql`
      insert into rate_limits as r (key, count, window_start, expires_at)
      values (${this.key(account)}, 1, now(), now() + make_interval(secs => ${MEMORY_SECONDS}))
      on conflict (key) do update set
        count = case when r.expires_at <= now() then 1 else r.count + 1 end,
        window_start = now(),
        expires_at = now() + make_interval(secs => ${MEMORY_SECONDS})`);
  }

  async succeeded(account: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${this.key(account)}`);
  }
}
