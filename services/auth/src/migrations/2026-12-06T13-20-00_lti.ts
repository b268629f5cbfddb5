import { sql } from 'kysely';
import { createEventCursors, dropEventCursors, type MigrationDb } from '@catalyst/service-kit';

/**
 * Catalyst as an LTI 1.3 tool: registered platforms, the tool's signing keys, login initiations under way
 * (state and nonce, used once), accounts linked by (issuer, sub), deep linking pickers open, the AGS endpoints a
 * launch named per (user, resource link), the scores to send with their retries, and the cursor on progress's
 * event feed.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('lti_platforms')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('deployment_ids', sql`text[]`, (c) => c.notNull())
    .addColumn('auth_url', 'text', (c) => c.notNull())
    .addColumn('token_url', 'text', (c) => c.notNull())
    .addColumn('jwks_url', 'text', (c) => c.notNull())
    .addColumn('frame_origins', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('link_by_email', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('lti_platforms_issuer_client_key', ['issuer', 'client_id'])
    .execute();

  await db.schema
    .createTable('lti_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
    // The private JWK sealed with AES-256-GCM under a key derived from INTERNAL_SECRET.
    .addColumn('private_jwk_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();
  // One signing key at a time: a race of two first starts keeps one.
  await sql`create unique index lti_keys_current_idx on lti_keys ((true)) where retired_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('lti_logins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('platform_id', 'uuid', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_logins_expires_idx').on('lti_logins').column('expires_at').execute();

  await db.schema
    .createTable('lti_accounts')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('sub', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lti_accounts_pkey', ['issuer', 'sub'])
    .execute();
  await db.schema.createIndex('lti_accounts_user_idx').on('lti_accounts').column('user_id').execute();

  await db.schema
    .createTable('lti_deep_links')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('platform_id', 'uuid', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('deployment_id', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('accept_multiple', 'boolean', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('lti_grade_targets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform_id', 'uuid', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('sub', 'text', (c) => c.notNull())
    .addColumn('resource_link_id', 'text', (c) => c.notNull())
    .addColumn('product_key', 'text')
    .addColumn('lesson_id', 'text')
    .addColumn('lineitem', 'text')
    .addColumn('lineitems', 'text')
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('lti_grade_targets_link_key', ['user_id', 'platform_id', 'resource_link_id'])
    .execute();

  await db.schema
    .createTable('lti_score_posts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('target_id', 'uuid', (c) => c.notNull().references('lti_grade_targets.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('score', 'jsonb', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('lti_score_posts_event_key', ['target_id', 'event_id'])
    .execute();
  await createEventCursors(db);
  await sql`create index lti_score_posts_due_idx on lti_score_posts (next_at) where sent_at is null`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await dropEventCursors(db);
  for (const table of [
    'lti_score_posts',
    'lti_grade_targets',
    'lti_deep_links',
    'lti_accounts',
    'lti_logins',
    'lti_keys',
    'lti_platforms',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
