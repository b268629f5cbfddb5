import { describe, expect, it } from 'vitest';
import { demoAccounts } from '@catalyst/contracts';
import { demoEntityId, demoVideoFor, measureMediaSeconds } from '@catalyst/service-kit';
import path from 'node:path';
import { testLog, useTestDatabase } from '@catalyst/service-kit/testing';
import type { Database } from './db/schema';
import { SCHEMA, prepareDatabase } from './setup';

const db = useTestDatabase<Database>(SCHEMA);

describe('demo progress seed', () => {
  it('gives the demo member lessons in progress on demo products, once', async () => {
    await prepareDatabase(db(), { seed: true, log: testLog });
    await prepareDatabase(db(), { seed: true, log: testLog });
    const rows = await db().selectFrom('progress').selectAll().execute();
    expect(rows.length).toBe(4);
    expect(rows.every((r) => r.user_id === demoAccounts.member.id)).toBe(true);
    expect(rows.map((r) => r.product_id)).toContain(demoEntityId('product', 'html-css-from-scratch'));
    expect(rows.filter((r) => r.completed).every((r) => r.progress === 100 && r.completed_at)).toBe(true);
  });

  it("places the member inside each lesson's real length: the percentage is the position over the media's duration", async () => {
    await prepareDatabase(db(), { seed: true, log: testLog });
    const rows = await db().selectFrom('progress').selectAll().execute();
    const repoRoot = path.resolve(import.meta.dirname, '../../..');
    for (const slug of ['html-css-from-scratch', 'python-for-data-analysis', 'react-hooks-in-depth', 'sql-for-analysts']) {
      const row = rows.find((r) => r.product_id === demoEntityId('product', slug))!;
      const lesson = await measureMediaSeconds(path.join(repoRoot, demoVideoFor(slug)));
      expect(row.last_position, slug).toBeLessThanOrEqual(lesson);
      expect(row.furthest_position).toBe(row.last_position);
      if (!row.completed) expect(row.progress, slug).toBe(Math.round((row.last_position / lesson) * 100));
    }
  });
});
