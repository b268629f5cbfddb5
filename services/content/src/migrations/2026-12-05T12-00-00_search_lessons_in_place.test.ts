import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type MigrationDb } from '@catalyst/service-kit';
import { createTestDatabase, testLog } from '@catalyst/service-kit/testing';
import { seedDemo } from '../seed';
import { SCHEMA } from '../setup';
import { down, up } from './2026-12-05T12-00-00_search_lessons_in_place';
import * as narrow from './2026-12-05T13-00-00_search_documents_narrow';
import { migrations } from './index';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: MigrationDb;

const documents = async () => {
  const { rows } = await sql<{ kind: string; n: string }>`
    select kind, count(*) as n from search_documents group by kind order by kind`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
};
/** The products (by slug) a lesson's word finds, through the candidates the repository ranks. */
const lessonHits = async (word: string) => {
  const { rows } = await sql<{ slug: string }>`
    select distinct p.slug from search_lesson_candidates(to_tsquery('catalyst_search', ${word}), 50) l
    join products p on p.id = l.product_id order by p.slug`.execute(db);
  return rows.map((r) => r.slug);
};

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

describe('2026-12-05T12-00-00_search_lessons_in_place', () => {
  it('drops the lessons’ documents and finds lessons in place, and its down brings the documents back', async () => {
    const { rows } = await sql<{ title: string }>`
      select title from course_lessons where kind = 'article' and title ~ '^[A-Za-z]{5,}' order by id limit 1`.execute(
      db,
    );
    const word = rows[0]!.title.split(/\s+/)[0]!.toLowerCase();
    const found = await lessonHits(word);
    expect(found.length).toBeGreaterThan(0);
    expect((await documents()).lesson).toBeUndefined();

    // Down from the latest: the narrower documents first.
    await narrow.down(db);
    await down(db);
    const restored = await documents();
    expect(restored.lesson).toBeGreaterThan(0);
    expect(restored.product).toBeGreaterThan(0);

    await up(db);
    await narrow.up(db);
    expect((await documents()).lesson).toBeUndefined();
    expect(await lessonHits(word)).toEqual(found);
  });
});
