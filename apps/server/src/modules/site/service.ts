import { helpedFigure, type SiteInfo } from '@camino/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { consultations } from '../../db/schema';

/** How long one count stands for: the landing is the busiest page, the figure moves slowly. */
const TTL_MS = 60_000;

/**
 * The public facts of the site (decisions D14): the operator from configuration, and the number of
 * people the product has answered (accounts and guests with at least one answered question).
 */
export class SiteService {
  private cached: { value: number | null; at: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly operator: Config['operator'],
  ) {}

  /** Distinct people with a consultation; consultations carry either a user id or a guest id. */
  async peopleAnswered(): Promise<number> {
    const [row] = await this.db
      .select({ people: sql<number>`count(distinct coalesce(${consultations.userId}, 'guest:' || ${consultations.guestId}))::int` })
      .from(consultations);
    return Number(row?.people ?? 0);
  }

  async info(now = Date.now()): Promise<SiteInfo> {
    if (!this.cached || now - this.cached.at >= TTL_MS) this.cached = { value: helpedFigure(await this.peopleAnswered()), at: now };
    return { operator: this.operator, helped: this.cached.value };
  }
}
