import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, demoEntityId, migrateToLatest, type MigrationDb } from '@catalyst/service-kit';
import { createTestDatabase, testLog } from '@catalyst/service-kit/testing';
import { seedDemo } from '../seed';
import { SCHEMA } from '../setup';
import { fillExactLengths } from './2026-12-05T05-00-00_product_duration_seconds';
import { migrations } from './index';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: MigrationDb;
const lengths = async () =>
  new Map(
    (await db.selectFrom('products').select(['slug', 'duration_seconds']).execute()).map(
      (r: { slug: string; duration_seconds: number | null }) => [r.slug, r.duration_seconds],
    ),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ connectionString: database.url, schema: SCHEMA, poolSize: 2 });
  await migrateToLatest(db, SCHEMA, migrations);
  await seedDemo(db, testLog);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('2026-12-05T05-00-00_product_duration_seconds', () => {
  it('gives an install seeded before the exact lengths a fresh seed gives, unless an admin typed other minutes', async () => {
    const fresh = await lengths();
    // as the column arrives: no exact lengths; an admin had typed 14 minutes on one clip
    await db.updateTable('products').set({ duration_seconds: null }).execute();
    await db
      .updateTable('products')
      .set({ duration: 14 })
      .where('id', '=', demoEntityId('product', 'typescript-for-javascript-developers'))
      .execute();
    await fillExactLengths(db);
    const filled = await lengths();
    expect(filled.get('typescript-for-javascript-developers')).toBeNull();
    filled.delete('typescript-for-javascript-developers');
    fresh.delete('typescript-for-javascript-developers');
    expect(Object.fromEntries(filled)).toEqual(Object.fromEntries(fresh));
    // a clip, a course and a document, as a fresh seed has them
    expect(filled.get('statistics-without-tears')).toBeGreaterThan(5);
    expect(filled.get('mastering-workshop')).toBeGreaterThan(600);
    expect(filled.get('camera-buying-guide')).toBeNull();
  });
});
