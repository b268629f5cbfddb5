import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/**
 * Of the given users, those paying now (the royalty pool's paid minutes): a personal plan active, or past due
 * within its grace (a trial pays nothing yet), a seat of an active team, or a gift whose months have not run out.
 * One query, in the order given, each id once.
 */
export async function payingUsers(db: Db, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select u.id from unnest(${[...new Set(userIds)]}::text[]) with ordinality as u(id, ord)
     where exists (
             select 1 from subscriptions s
              where s.user_id = u.id
                and case s.source
                      when 'gift' then s.status = 'active' and s.current_period_end > now()
                      else s.status = 'active' or (s.status = 'past_due' and coalesce(s.grace_ends_at > now(), true))
                    end)
        or exists (
             select 1 from team_members m join teams t on t.id = m.team_id
              where m.user_id = u.id and t.status = 'active')
     order by u.ord
  `.execute(db);
  return rows.map((row) => row.id);
}
