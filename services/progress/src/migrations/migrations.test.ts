import { describe, expect, it } from 'vitest';
import { migrateToLatest, type MigrationDb } from '@catalyst/service-kit';
import { testLog, useTestDatabase } from '@catalyst/service-kit/testing';
import type { Database } from '../db/schema';
import { SCHEMA } from '../setup';
import { migrations } from './index';

const db = useTestDatabase<Database>(SCHEMA);

describe('progress migrations', () => {
  it('starts the furthest point of rows saved before it from their last position', async () => {
    const [first] = Object.keys(migrations);
    await migrateToLatest(db(), SCHEMA, { [first!]: migrations[first!]! }, testLog);
    await (db() as MigrationDb)
      .insertInto('progress')
      .values({
        user_id: 'u1',
        product_id: 'p1',
        progress: 36,
        last_position: 11.5,
        completed: false,
        client_ts: 1,
      })
      .execute();
    await migrateToLatest(db(), SCHEMA, migrations, testLog);
    const row = await db().selectFrom('progress').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ progress: 36, last_position: 11.5, furthest_position: 11.5 });
  });
});
