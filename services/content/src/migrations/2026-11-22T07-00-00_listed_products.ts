import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

// Public lists read "listed" products (published, active, in an active category, by an active creator). That
// rule spanned three tables, so every page joined categories and creators before its LIMIT and every total
// counted through both joins. `listed` keeps the rule on the product row (kept by triggers whoever writes), so
// each list shape walks one partial index in its own order, ending in id, and stops at the page.
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table products add column listed boolean not null default false`.execute(db);
  // Triggers run with the writer's search_path; FROM CURRENT pins this schema (the bench writes content.* from public).
  await sql`
    create function product_is_listed(published boolean, active boolean, category text, creator text) returns boolean
    language sql stable set search_path from current as $$
      select published and active
        and exists (select 1 from categories c where c.id = category and c.is_active)
        and exists (select 1 from creators cr where cr.id = creator and cr.is_active)
    $$`.execute(db);
  await sql`
    create function products_set_listed() returns trigger language plpgsql set search_path from current as $$
    begin
      new.listed := product_is_listed(new.is_published, new.is_active, new.category_id, new.creator_id);
      return new;
    end $$`.execute(db);
  await sql`
    create trigger products_listed before insert or update of is_published, is_active, category_id, creator_id on products
    for each row execute function products_set_listed()`.execute(db);
  // A category or creator switched on or off re-lists its products (updating only `listed`, which fires nothing).
  await sql`
    create function products_relist_group() returns trigger language plpgsql set search_path from current as $$
    begin
      if tg_table_name = 'categories' then
        update products p set listed = product_is_listed(p.is_published, p.is_active, p.category_id, p.creator_id) where p.category_id = new.id;
      else
        update products p set listed = product_is_listed(p.is_published, p.is_active, p.category_id, p.creator_id) where p.creator_id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger categories_relist_products after update of is_active on categories
    for each row when (old.is_active is distinct from new.is_active) execute function products_relist_group()`.execute(
    db,
  );
  await sql`
    create trigger creators_relist_products after update of is_active on creators
    for each row when (old.is_active is distinct from new.is_active) execute function products_relist_group()`.execute(
    db,
  );
  await sql`update products p set listed = product_is_listed(p.is_published, p.is_active, p.category_id, p.creator_id)`.execute(
    db,
  );

  // One partial index per public list order, each ending in id (the tie-break of every ORDER BY), so a page
  // is an index walk of offset + limit entries, never a sort of every match.
  await sql`create index products_listed_sort_idx on products (sort_order, created_at, id) where listed`.execute(
    db,
  );
  await sql`create index products_listed_title_idx on products (lower(title), id) where listed`.execute(db);
  await sql`create index products_listed_newest_idx on products (created_at desc, id) where listed`.execute(
    db,
  );
  await sql`create index products_listed_duration_idx on products (duration asc nulls last, id) where listed`.execute(
    db,
  );
  await sql`create index products_listed_featured_idx on products (sort_order, created_at, id) where listed and is_featured`.execute(
    db,
  );
  await sql`create index products_listed_category_idx on products (category_id, sort_order, created_at, id) where listed`.execute(
    db,
  );
  await sql`create index products_listed_creator_idx on products (creator_id, category_id, sort_order, created_at, id) where listed`.execute(
    db,
  );
  // Admins' lists include drafts: the default order over every product.
  await sql`create index products_sort_idx on products (sort_order, created_at, id)`.execute(db);
  await sql`drop index if exists products_visible_sort_idx`.execute(db);
  await sql`drop index if exists products_visible_title_idx`.execute(db);
  await sql`drop index if exists products_visible_category_idx`.execute(db);
  await sql`drop index if exists products_visible_creator_idx`.execute(db);
  await sql`drop index if exists products_visible_featured_idx`.execute(db);
  // Product counts per category (visible products whose creator is active) without reading the product rows.
  await sql`create index products_visible_category_creator_idx on products (category_id, creator_id) where is_published and is_active`.execute(
    db,
  );

  // Category lists end their order in id too.
  await sql`create index categories_listed_sort_idx on categories (sort_order, name, id) where is_active`.execute(
    db,
  );
  await sql`create index categories_listed_name_idx on categories (lower(name), id) where is_active`.execute(
    db,
  );
  await sql`create index categories_listed_newest_idx on categories (created_at desc, id) where is_active`.execute(
    db,
  );
  await sql`drop index if exists categories_listing_idx`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`create index if not exists categories_listing_idx on categories (sort_order, name) where is_active`.execute(
    db,
  );
  await sql`drop index if exists categories_listed_sort_idx`.execute(db);
  await sql`drop index if exists categories_listed_name_idx`.execute(db);
  await sql`drop index if exists categories_listed_newest_idx`.execute(db);
  await sql`create index if not exists products_visible_sort_idx on products (sort_order, created_at) where is_published and is_active`.execute(
    db,
  );
  await sql`create index if not exists products_visible_title_idx on products (lower(title), id) where is_published and is_active`.execute(
    db,
  );
  await sql`create index if not exists products_visible_category_idx on products (category_id, sort_order) where is_published and is_active`.execute(
    db,
  );
  await sql`create index if not exists products_visible_creator_idx on products (creator_id, category_id, sort_order) where is_published and is_active`.execute(
    db,
  );
  await sql`create index if not exists products_visible_featured_idx on products (sort_order) where is_published and is_active and is_featured`.execute(
    db,
  );
  await sql`drop index if exists products_visible_category_creator_idx`.execute(db);
  await sql`drop index if exists products_sort_idx`.execute(db);
  await sql`drop trigger if exists creators_relist_products on creators`.execute(db);
  await sql`drop trigger if exists categories_relist_products on categories`.execute(db);
  await sql`drop trigger if exists products_listed on products`.execute(db);
  await sql`drop function if exists products_relist_group()`.execute(db);
  await sql`drop function if exists products_set_listed()`.execute(db);
  await sql`drop function if exists product_is_listed(boolean, boolean, text, text)`.execute(db);
  await sql`alter table products drop column if exists listed`.execute(db);
}
