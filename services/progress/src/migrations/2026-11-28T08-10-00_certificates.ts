import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Certificates of completion: one per learner and course (the unique pair makes concurrent completions
 * issue one), found by a short public code, stating the facts as they were when it was issued. Its signed
 * credential is kept beside it in certificate_credentials.
 */
export async function up(db: MigrationDb): Promise<void> {
  // Extensions live in public so every schema's search_path (service schema, public) sees the operators.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`
    create table certificates (
      code text primary key check (code ~ '^[0-9A-HJKMNP-TV-Z]{10}$'),
      user_id text not null,
      product_id text not null,
      learner_name text not null,
      course_title text not null,
      creator_name text not null,
      product_slug text not null,
      hours numeric(6, 1) not null check (hours >= 0),
      completed_at timestamptz not null,
      issued_at timestamptz not null default now(),
      revoked_at timestamptz,
      revoked_reason text,
      search_text text generated always as (lower(code || ' ' || learner_name || ' ' || course_title)) stored,
      constraint certificates_user_product_key unique (user_id, product_id),
      constraint certificates_revoked_reason_check check ((revoked_at is null) = (revoked_reason is null))
    )
  `.execute(db);
  // The admin's list: newest first, by code, learner or course (trigram), by status.
  await sql`create index certificates_issued_idx on certificates (issued_at desc, code)`.execute(db);
  await sql`create index certificates_search_trgm_idx on certificates using gin (search_text gin_trgm_ops)`.execute(
    db,
  );
  // A certificate's signed credential (kept by the issuer, see signing_keys) belongs to it and goes with it.
  await sql`alter table certificate_credentials add constraint certificate_credentials_code_fkey foreign key (code) references certificates (code) on delete cascade`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table certificate_credentials drop constraint certificate_credentials_code_fkey`.execute(
    db,
  );
  await db.schema.dropTable('certificates').execute();
}
