import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Creators' public pages: their links, and the outbox of first publications their followers are told of,
 * filled by a trigger in the publishing statement's own transaction (whichever path publishes: the admin's
 * form, an approved creator revision). Items already published are marked delivered, so no follower is told
 * about the old catalogue.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('creator_profiles')
    .addColumn('creator_id', 'text', (c) => c.primaryKey().references('creators.id').onDelete('cascade'))
    .addColumn('links', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('product_announcements')
    .addColumn('product_id', 'text', (c) => c.primaryKey())
    .addColumn('creator_id', 'text', (c) => c.notNull())
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .execute();
  await sql`create index product_announcements_waiting on product_announcements (queued_at) where delivered_at is null`.execute(
    db,
  );
  await sql`
    insert into product_announcements (product_id, creator_id, delivered_at)
    select id, creator_id, now() from products where is_published
  `.execute(db);
  await sql`
    create function announce_first_publication() returns trigger language plpgsql
    -- content's schema, whoever's statement fires it (a tool or bench on another search path)
    set search_path from current as $$
    begin
      if new.is_published and new.is_active then
        insert into product_announcements (product_id, creator_id) values (new.id, new.creator_id)
        on conflict (product_id) do nothing;
      end if;
      return new;
    end $$
  `.execute(db);
  await sql`
    create trigger products_announce_first_publication
    after insert or update of is_published, is_active on products
    for each row execute function announce_first_publication()
  `.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop trigger products_announce_first_publication on products`.execute(db);
  await sql`drop function announce_first_publication()`.execute(db);
  await db.schema.dropTable('product_announcements').execute();
  await db.schema.dropTable('creator_profiles').execute();
}
