import { describe, expect, it } from 'vitest';
import { demoEntityId, migrateToLatest } from '@catalyst/service-kit';
import { DEMO_WEBINARS } from '@catalyst/demo';
import { testLog, useTestDatabase } from '@catalyst/service-kit/testing';
import type { Database } from '../db/schema';
import { seedDemo } from '../seed';
import { SCHEMA } from '../setup';
import { migrations } from './index';

const NAME = '2026-12-05T04-00-00_demo_webinar_sessions';
const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < NAME));
const db = useTestDatabase<Database>(SCHEMA);
const DAY = 86_400_000;

describe(NAME, () => {
  it("schedules a demo install's webinars a day ahead, keeping a session an admin had scheduled", async () => {
    await migrateToLatest(db(), SCHEMA, before, testLog);
    // an install seeded before: its discussions, no sessions but the one an admin scheduled
    await seedDemo(db(), testLog);
    const kept = demoEntityId('product', DEMO_WEBINARS[0]!.slug);
    await db().deleteFrom('live_sessions').where('product_id', '!=', kept).execute();
    await db()
      .updateTable('live_sessions')
      .set({ title: 'Scheduled by the admin' })
      .where('product_id', '=', kept)
      .execute();
    const ranAt = Date.now();
    await migrateToLatest(db(), SCHEMA, migrations, testLog);
    const rows = await db().selectFrom('live_sessions').selectAll().execute();
    expect(rows).toHaveLength(DEMO_WEBINARS.length);
    for (const row of rows.filter((r) => r.product_id !== kept)) {
      expect(row.starts_at.getTime() - ranAt).toBeGreaterThanOrEqual(DAY - 1_000);
      expect(row.starts_at.getTime() - ranAt).toBeLessThanOrEqual(DAY + 16 * 60_000);
    }
    expect(rows.find((r) => r.product_id === kept)!.title).toBe('Scheduled by the admin');
  });
});
