// A team's learning, read for billing's team dashboard: set-based queries over the team's users at once.
import { sql, type Kysely } from 'kysely';
import { TEAM_LEARNING_MONTHS, TEAM_TOP_COURSES, type ItemStanding } from '@catalyst/contracts';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

export interface LearnerRow {
  user_id: string;
  last_active: Date | null;
  seconds_this_month: number;
  in_progress: number;
  finished: number;
  certificates: number;
}

/** Each user's figures in one query (the CTEs each read one table by its user_id index). */
export async function learnerFigures(db: Db, userIds: string[], now = new Date()): Promise<LearnerRow[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<LearnerRow>`
    with users as (select unnest(${userIds}::text[]) as user_id),
    products as (
      select user_id, max(updated_at) as last_active,
        count(*) filter (where not completed)::int as in_progress,
        count(*) filter (where completed)::int as finished
      from progress where user_id = any(${userIds}::text[]) group by user_id
    ),
    days as (
      select user_id, sum(seconds)::int as seconds from learning_days
      where user_id = any(${userIds}::text[])
        and day >= date_trunc('month', ${now}::timestamptz at time zone 'UTC')::date
      group by user_id
    ),
    certs as (
      select user_id, count(*)::int as n from certificates
      where user_id = any(${userIds}::text[]) and revoked_at is null group by user_id
    )
    select users.user_id, products.last_active,
      coalesce(days.seconds, 0) as seconds_this_month,
      coalesce(products.in_progress, 0) as in_progress,
      coalesce(products.finished, 0) as finished,
      coalesce(certs.n, 0) as certificates
    from users
    left join products using (user_id)
    left join days using (user_id)
    left join certs using (user_id)
  `.execute(db);
  return rows;
}

/**
 * Each user's standing on the asked products and paths, in one query: a product is done once completed and
 * started with any progress row; a path is done with its (unrevoked) certificate and started once followed.
 */
export async function itemStandings(
  db: Db,
  userIds: string[],
  productIds: string[],
  pathIds: string[],
): Promise<Array<{ user_id: string; item_id: string; standing: ItemStanding }>> {
  if (userIds.length === 0 || productIds.length + pathIds.length === 0) return [];
  const { rows } = await sql<{ user_id: string; item_id: string; standing: ItemStanding }>`
    select user_id, product_id as item_id,
      case when completed then 'done' else 'in_progress' end as standing
    from progress where user_id = any(${userIds}::text[]) and product_id = any(${productIds}::text[])
    union all
    select user_id, product_id, 'done' from certificates
    where kind = 'path' and revoked_at is null
      and user_id = any(${userIds}::text[]) and product_id = any(${pathIds}::text[])
    union all
    select user_id, path_id, 'in_progress' from path_follows
    where user_id = any(${userIds}::text[]) and path_id = any(${pathIds}::text[])
  `.execute(db);
  return rows;
}

export interface MonthRow {
  month: string;
  active_learners: number;
  seconds: number;
  completions: number;
}

/** The team's last months (oldest first, this one last): learners with learning time, the time, completions. */
export async function monthFigures(db: Db, userIds: string[], now = new Date()): Promise<MonthRow[]> {
  const { rows } = await sql<MonthRow>`
    with months as (
      select generate_series(
        date_trunc('month', ${now}::timestamptz at time zone 'UTC') - make_interval(months => ${TEAM_LEARNING_MONTHS - 1}),
        date_trunc('month', ${now}::timestamptz at time zone 'UTC'),
        interval '1 month'
      )::date as start
    ),
    days as (
      select date_trunc('month', day)::date as start, count(distinct user_id)::int as learners, sum(seconds)::int as seconds
      from learning_days
      where user_id = any(${userIds}::text[]) and day >= (select min(start) from months)
      group by 1
    ),
    done as (
      select date_trunc('month', completed_at at time zone 'UTC')::date as start, count(*)::int as completions
      from progress
      where user_id = any(${userIds}::text[]) and completed
        and completed_at >= (select min(start) from months)::timestamp at time zone 'UTC'
      group by 1
    )
    select to_char(months.start, 'YYYY-MM') as month,
      coalesce(days.learners, 0) as active_learners,
      coalesce(days.seconds, 0) as seconds,
      coalesce(done.completions, 0) as completions
    from months left join days using (start) left join done using (start)
    order by months.start
  `.execute(db);
  return rows;
}

/** Per month, the products most of the team last learned in it (by their newest save), most learners first. */
export async function topProducts(
  db: Db,
  userIds: string[],
  now = new Date(),
): Promise<Array<{ month: string; product_id: string; learners: number }>> {
  const { rows } = await sql<{ month: string; product_id: string; learners: number }>`
    select month, product_id, learners from (
      select to_char(updated_at at time zone 'UTC', 'YYYY-MM') as month, product_id, count(*)::int as learners,
        row_number() over (
          partition by to_char(updated_at at time zone 'UTC', 'YYYY-MM') order by count(*) desc, product_id
        ) as place
      from progress
      where user_id = any(${userIds}::text[])
        and updated_at >= date_trunc('month', ${now}::timestamptz at time zone 'UTC')
          - make_interval(months => ${TEAM_LEARNING_MONTHS - 1})
      group by 1, 2
    ) ranked
    where place <= ${TEAM_TOP_COURSES}
    order by month, place
  `.execute(db);
  return rows;
}
