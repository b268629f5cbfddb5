import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type MigrationDb } from '@catalyst/service-kit';
import { createTestDatabase } from '@catalyst/service-kit/testing';
import { insertFixtures } from '../test-support';
import { SCHEMA } from '../setup';
import { replaceCaptions } from '../search/search.repository';
import { down, up } from './2026-12-07T14-00-00_search_candidates_lean';
import { migrations } from './index';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: MigrationDb;

const section = '0000000000000000000f0c01';
const article = '0000000000000000000f0c02';
const video = '0000000000000000000f0c03';

/** The lessons (by id) a word finds through the candidates the repository ranks. */
const candidates = async (word: string) => {
  const { rows } = await sql<{ id: string; captions_path: string | null }>`
    select id, captions_path from search_lesson_candidates(to_tsquery('catalyst_search', ${word}), 50)
    order by id`.execute(db);
  return rows;
};
/** The plan of a statement reading the captions path of every lesson, as text. */
const planOfCaptionsPath = async () => {
  const { rows } = await sql<{ 'QUERY PLAN': string }>`
    explain (verbose) select search_captions_path(video_url) from course_lessons`.execute(db);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ connectionString: database.url, schema: SCHEMA, poolSize: 2 });
  await migrateToLatest(db, SCHEMA, migrations);
  await insertFixtures(db);
  const { rows } = await sql<{ id: string }>`select id from products order by id limit 1`.execute(db);
  const product = rows[0]!.id;
  await sql`insert into course_sections (id, product_id, title, position) values (${section}, ${product}, 'Tour', 0)`.execute(
    db,
  );
  await sql`insert into course_lessons (id, section_id, product_id, title, kind, position, duration_seconds, video_url, body)
    values (${article}, ${section}, ${product}, 'Gutters', 'article', 0, 300, null, '<p>Name the <em>gutters</em> once.</p>'),
      (${video}, ${section}, ${product}, 'A tour', 'video', 1, 60, '/media/videos/lean-test-tour.mp4?v=2', null)`.execute(
    db,
  );
  await replaceCaptions(db, '/media/captions/lean-test-tour.vtt', [
    { startSeconds: 4, text: 'the gutters again' },
  ]);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('2026-12-07T14-00-00_search_candidates_lean', () => {
  it("inlines a video's captions path and finds the same lessons by text and captions, and its down restores both", async () => {
    expect(await planOfCaptionsPath()).not.toContain('search_captions_path');
    const found = await candidates('gutter');
    expect(found).toEqual([
      { id: article, captions_path: null },
      { id: video, captions_path: '/media/captions/lean-test-tour.vtt' },
    ]);
    expect(await candidates('name')).toEqual([{ id: article, captions_path: null }]);

    await down(db);
    expect(await planOfCaptionsPath()).toContain('search_captions_path');
    expect(await candidates('gutter')).toEqual(found);

    await up(db);
    expect(await candidates('gutter')).toEqual(found);
  });
});
