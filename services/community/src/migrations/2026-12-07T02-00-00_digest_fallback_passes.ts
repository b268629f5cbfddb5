import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * The weekly e-mail of learners whose browser never told a zone goes at UTC's Monday morning: progress's learners
 * are read a page at a time, and each week's pass keeps how far it got (`after`, a user id) and whether it is done,
 * so a later sweep goes on from there and a finished week is not read again.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table digest_fallback_passes (
      week date primary key,
      after text,
      done boolean not null default false
    )
  `.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table digest_fallback_passes`.execute(db);
}
