// `npm run search:reindex`: reads the captions of local videos again and rebuilds every search document from
// the catalogue (the triggers keep them in step after that). Against DATABASE_URL, else the embedded Postgres
// of a running `npm start` (DATA_DIR/runtime.json).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_MEDIA_ROOT } from '@catalyst/demo';
import { sql } from 'kysely';
import { createDb } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { SCHEMA } from '../setup';
import { loadCaptions } from './captions';
import { createPostgresSearch } from './search-engine';

function databaseUrl(env: NodeJS.ProcessEnv): string {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const runtime = path.join(path.resolve(DEMO_MEDIA_ROOT, env.DATA_DIR ?? '.data'), 'runtime.json');
  const url = existsSync(runtime)
    ? (JSON.parse(readFileSync(runtime, 'utf8')) as { databaseUrl?: string }).databaseUrl
    : undefined;
  if (url) return url;
  throw new Error('No database to index: set DATABASE_URL, or start Catalyst with npm start');
}

const db = createDb<Database>({ connectionString: databaseUrl(process.env), schema: SCHEMA, poolSize: 1 });
try {
  // A full rebuild reads every lesson's words again: seconds on a large catalogue, past the pool's 10 s limit.
  await sql`set statement_timeout = 0`.execute(db);
  const started = Date.now();
  const files = await db.transaction().execute((trx) => loadCaptions(trx, DEMO_MEDIA_ROOT));
  const { documents, words } = await createPostgresSearch(db).reindex();
  console.log(
    `search index rebuilt: ${documents} documents, ${words} words, ${files} captions files in ${Date.now() - started} ms`,
  );
} finally {
  await db.destroy();
}
