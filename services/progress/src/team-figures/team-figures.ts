import type { ItemStanding, TeamFigures, TeamFiguresBody } from '@catalyst/contracts';
import type { Deps } from '../deps';
import { itemStandings, learnerFigures, monthFigures, topProducts } from './team-figures.repository';

const RANK: Record<ItemStanding, number> = { not_started: 0, in_progress: 1, done: 2 };

/** A team's figures for billing: each learner's, their standing on assigned items, and the team's months. */
export async function teamFigures(
  { db, catalog }: Pick<Deps, 'db' | 'catalog'>,
  { userIds, productIds = [], pathIds = [] }: TeamFiguresBody,
  { requestId, now = new Date() }: { requestId?: string; now?: Date } = {},
): Promise<TeamFigures> {
  const users = [...new Set(userIds)];
  const [learners, standings, months, tops] = await Promise.all([
    learnerFigures(db, users, now),
    itemStandings(db, users, productIds, pathIds),
    monthFigures(db, users, now),
    topProducts(db, users, now),
  ]);
  const items = new Map<string, Record<string, ItemStanding>>();
  for (const userId of users)
    items.set(userId, Object.fromEntries([...productIds, ...pathIds].map((id) => [id, 'not_started'])));
  for (const { user_id, item_id, standing } of standings) {
    const mine = items.get(user_id)!;
    if (RANK[standing] > RANK[mine[item_id] ?? 'not_started']) mine[item_id] = standing;
  }
  // Titles of the top courses from content's summaries (cached by the catalog client); an unknown one is left out.
  const titles = tops.length
    ? await catalog.lookup([...new Set(tops.map((t) => t.product_id))], requestId)
    : new Map();
  return {
    learners: learners.map((row) => ({
      userId: row.user_id,
      lastActiveAt: row.last_active ? new Date(row.last_active).toISOString() : null,
      minutesThisMonth: Math.floor(row.seconds_this_month / 60),
      inProgress: row.in_progress,
      finished: row.finished,
      certificates: row.certificates,
      items: items.get(row.user_id) ?? {},
    })),
    months: months.map((m) => ({
      month: m.month,
      activeLearners: m.active_learners,
      minutes: Math.floor(m.seconds / 60),
      completions: m.completions,
      topCourses: tops
        .filter((t) => t.month === m.month && titles.has(t.product_id))
        .map((t) => ({
          productId: t.product_id,
          title: titles.get(t.product_id)!.title,
          learners: t.learners,
        })),
    })),
  };
}
