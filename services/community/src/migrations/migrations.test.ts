import { describe, expect, it } from 'vitest';
import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { migrateToLatest } from '@catalyst/service-kit';
import { testLog, useTestDatabase } from '@catalyst/service-kit/testing';
import type { Database } from '../db/schema';
import { SCHEMA } from '../setup';
import { migrations } from './index';

const db = useTestDatabase<Database>(SCHEMA);

const tables = async () =>
  (
    await sql<{
      table_name: string;
    }>`select table_name from information_schema.tables where table_schema = ${SCHEMA} and table_name not like 'kysely%' order by table_name`.execute(
      db(),
    )
  ).rows.map((r) => r.table_name);

describe('community migrations', () => {
  it('create every table, undo themselves to an empty schema, and apply again', async () => {
    await migrateToLatest(db(), SCHEMA, migrations, testLog);
    const created = await tables();
    expect(created).toEqual(
      expect.arrayContaining([
        'discussion_targets',
        'moderation_log',
        'post_reports',
        'post_votes',
        'posts',
        'threads',
      ]),
    );
    const migrator = new Migrator({
      db: db(),
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: SCHEMA,
    });
    const { error } = await migrator.migrateTo(NO_MIGRATIONS);
    expect(error).toBeUndefined();
    expect(await tables()).toEqual([]);
    await migrateToLatest(db(), SCHEMA, migrations, testLog);
    expect(await tables()).toEqual(created);
  });
});
