import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { demoEntityId } from '@catalyst/service-kit';
import { testLog, useTestDatabase } from '@catalyst/service-kit/testing';
import type { Database } from '../db/schema';
import { SCHEMA, prepareDatabase } from '../setup';
import { paidSeconds, rollUpAnalytics } from './analytics.repository';
import { DEMO_STUDIO_ITEMS, DEMO_VIEWING_DAYS, seedDemoViewing } from './demo-viewing';

const db = useTestDatabase<Database>(SCHEMA);
const NOW = Date.parse('2026-12-06T09:00:00Z');

const rollups = () =>
  db()
    .selectFrom('item_days')
    .select([
      'product_id',
      sql<string>`day::text`.as('day'),
      'seconds',
      'paid_seconds',
      'learners',
      'completions',
    ])
    .orderBy('product_id')
    .orderBy('day')
    .execute();

describe("the demo creators' month of viewing", () => {
  it('fills a month of daily figures for every demo creator item, the same on every fresh start, once', async () => {
    await prepareDatabase(db(), { seed: false, log: testLog });
    await seedDemoViewing(db(), testLog, NOW);
    const first = await rollups();
    expect(first).toHaveLength(DEMO_STUDIO_ITEMS.length * DEMO_VIEWING_DAYS);
    expect(first.map((row) => row.day).sort()[0]).toBe('2026-11-06');
    expect(
      first
        .map((row) => row.day)
        .sort()
        .at(-1),
    ).toBe('2026-12-05');
    expect(first.every((row) => row.paid_seconds <= row.seconds && row.learners > 0)).toBe(true);
    await seedDemoViewing(db(), testLog, NOW); // a second start adds nothing
    expect(await rollups()).toEqual(first);
    for (const table of ['item_days', 'item_figures', 'lesson_figures', 'watch_events'] as const)
      await db().deleteFrom(table).execute();
    await seedDemoViewing(db(), testLog, NOW);
    expect(await rollups()).toEqual(first);
  });

  it("gives a course a drop-off that only falls, and the month's paid seconds to the royalty pool", async () => {
    const course = demoEntityId('product', 'css-grid-layout-workshop');
    const lessons = await db()
      .selectFrom('lesson_figures')
      .selectAll()
      .where('product_id', '=', course)
      .execute();
    expect(lessons.length).toBeGreaterThan(3);
    const started = lessons.map((l) => l.started);
    expect(Math.max(...started)).toBe(started[0]);
    expect(lessons.every((l) => l.finished <= l.started)).toBe(true);
    const paid = await paidSeconds(db(), { from: '2026-11-01', to: '2026-12-06' });
    expect(paid).toHaveLength(DEMO_STUDIO_ITEMS.length);
    expect(paid.every((item) => item.paidSeconds > 30 * 60)).toBe(true);
    // The rollup job leaves the seeded month as it is (yesterday's events are already rolled).
    const before = await rollups();
    await rollUpAnalytics(db(), async () => new Set());
    expect(await rollups()).toEqual(before);
  });
});
