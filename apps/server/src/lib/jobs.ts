import type { RateLimiter } from './rate-limiter';

/**
 * Scheduled jobs run once for all the servers on one database, not once per server (issue 13): each
 * run first claims the job in the shared counters table; a server whose claim fails skips this run.
 * A periodic job keeps its claim for its period; a start-up job releases it when done. A server that
 * dies during a run leaves the claim until the period ends.
 */
export class Jobs {
  constructor(private readonly rateLimiter: RateLimiter) {}

  claim(name: string, periodSeconds: number): Promise<boolean> {
    return this.rateLimiter.take(`job:${name}`, 1, periodSeconds);
  }

  release(name: string): Promise<void> {
    return this.rateLimiter.reset(`job:${name}`);
  }
}
