import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Each certificate's place in the issuer's revocation status lists (a W3C Bitstring Status List): handed out
 * in order from a sequence, never reused, so a revoked certificate's bit stays its own. Certificates issued
 * before get theirs now.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`create sequence certificate_status_index_seq minvalue 0 start 0`.execute(db);
  await sql`
    alter table certificates
      add column status_index integer not null default nextval('certificate_status_index_seq')
      constraint certificates_status_index_key unique
  `.execute(db);
  await sql`alter sequence certificate_status_index_seq owned by certificates.status_index`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table certificates drop column status_index`.execute(db);
}
