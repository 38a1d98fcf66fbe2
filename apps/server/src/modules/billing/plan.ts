import { sql, type SQL } from 'drizzle-orm';

/**
 * The condition under which a profile's UNLIMITED plan has ended (decisions D7, "cancel any time"):
 * the user had a subscription, and none of them still gives the plan: no subscription the gateway
 * still charges (trialing, active, past_due) and no cancelled one whose paid period is still running.
 * An operator's UNLIMITED for a user who never subscribed is left alone.
 */
const ended = (profile: SQL) => sql`${profile}.plan = 'UNLIMITED'
  and exists (select 1 from subscriptions s where s.user_id = ${profile}.id)
  and not exists (
    select 1 from subscriptions s
    where s.user_id = ${profile}.id
      and (s.status in ('trialing', 'active', 'past_due') or (s.status = 'cancelled' and s.current_period_end > now()))
  )`;

/**
 * One statement: turns the user's plan back to FREE when it has ended, returning `plan` for the row it
 * changed (none otherwise). Usable alone or as a data-modifying WITH of a larger query.
 */
export function endedPlanUpdate(userId: string): SQL {
  return sql`update profiles p set plan = 'FREE', updated_at = now() where p.id = ${userId} and ${ended(sql.raw('p'))} returning p.plan`;
}

/** The same for every user (the hourly job), returning the ids it changed. */
export function endedPlansUpdate(): SQL {
  return sql`update profiles p set plan = 'FREE', updated_at = now() where ${ended(sql.raw('p'))} returning p.id`;
}
