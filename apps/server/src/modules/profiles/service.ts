import { DEFAULT_VOICE_ID, LANGUAGES, normalizePlan, VOICE_IDS, type Plan, type Profile, type ProfileUpdate } from '@camino/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { rows } from '../../lib/rate-limiter';

type Row = typeof profiles.$inferSelect;

export function toProfile(row: Row): Profile {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    preferredLanguage: (LANGUAGES as readonly string[]).includes(row.preferredLanguage) ? (row.preferredLanguage as Profile['preferredLanguage']) : 'es',
    voiceId: (VOICE_IDS as readonly string[]).includes(row.voiceId) ? (row.voiceId as Profile['voiceId']) : DEFAULT_VOICE_ID,
    plan: normalizePlan(row.plan),
  };
}

export class ProfileService {
  constructor(private readonly db: Db) {}

  /** The user's profile, created with the defaults if it is missing (a user always has one). */
  async get(userId: string): Promise<Profile> {
    const [row] = await this.db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
    if (row) return toProfile(row);
    let created: Row | undefined;
    try {
      [created] = await this.db.insert(profiles).values({ id: userId }).onConflictDoNothing().returning();
    } catch (error) {
      // The account is gone (deleted while a cached session still named it): signed out.
      if ((error as { code?: string; cause?: { code?: string } }).code === '23503' || (error as { cause?: { code?: string } }).cause?.code === '23503') {
        throw new AppError('UNAUTHENTICATED');
      }
      throw error;
    }
    if (created) return toProfile(created);
    const [again] = await this.db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
    return toProfile(again!);
  }

  /**
   * The user's plan (FREE without a profile row). `lock` holds the row until the end of the transaction
   * `db` belongs to: two questions of one account are then counted one after the other.
   */
  async plan(userId: string, { db = this.db, lock = false }: { db?: Db; lock?: boolean } = {}): Promise<Plan> {
    const [row] = rows<{ plan: string | null }>(await db.execute(sql`select plan from profiles where id = ${userId} ${lock ? sql`for update` : sql``}`));
    return normalizePlan(row?.plan);
  }

  /** Updates the four user-editable fields of the caller's own profile. Never the plan. */
  async update(userId: string, patch: ProfileUpdate): Promise<Profile> {
    await this.get(userId);
    const values: Partial<typeof profiles.$inferInsert> = {};
    if (patch.firstName !== undefined) values.firstName = patch.firstName || null;
    if (patch.lastName !== undefined) values.lastName = patch.lastName || null;
    if (patch.preferredLanguage !== undefined) values.preferredLanguage = patch.preferredLanguage;
    if (patch.voiceId !== undefined) values.voiceId = patch.voiceId;
    if (Object.keys(values).length === 0) return this.get(userId);
    const [row] = await this.db.update(profiles).set(values).where(eq(profiles.id, userId)).returning();
    return toProfile(row!);
  }
}
