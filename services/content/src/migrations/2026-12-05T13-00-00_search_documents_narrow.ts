import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Narrower search documents (services/content/src/search). A document kept copies of what its key and its source
 * row already say: the result's key and id (its key is `kind:id`), and its title and slug (a results page reads
 * them from the product, category or creator itself, for its 20 rows only); on bench/search.ts's 100× catalogue
 * those copies were about 0.7 MB of a 14 MB index. Documents are found by their key through a hash index (half
 * the bytes of the primary key's btree; a document's writer deletes its key before inserting it). Frozen once
 * landed: add a new migration instead.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create or replace function search_index_products(ids text[]) returns void language plpgsql set search_path from current as $$
    begin
      delete from search_documents where key = any (array(select 'product:' || i from unnest(ids) i));
      insert into search_documents (key, kind, captions_path, type, category_id, creator_id, level, free, duration,
        popularity, created_at, body, document)
      select 'product:' || p.id, 'product', search_captions_path(p.video_url), p.type, p.category_id, p.creator_id,
        p.difficulty, coalesce(p.price = 0, false), p.duration, p.enrolled_students, p.created_at, '',
        setweight(to_tsvector('catalyst_search', p.title), 'A')
          || setweight(to_tsvector('catalyst_search', c.name || ' ' || cr.name), 'B')
          || setweight(to_tsvector('catalyst_search', p.description || ' ' || tags_text(p.tags)), 'C')
      from products p
      join categories c on c.id = p.category_id
      join creators cr on cr.id = p.creator_id
      where p.id = any (ids) and p.listed;
    end $$`.execute(db);
  await sql`
    create or replace function search_index_groups(group_kind text, ids text[]) returns void language plpgsql set search_path from current as $$
    begin
      delete from search_documents where key = any (array(select group_kind || ':' || i from unnest(ids) i));
      execute format($f$
        insert into search_documents (key, kind, type, %1$s, popularity, created_at, body, document)
        select $1 || ':' || g.id, $1, $1, g.id,
          (select count(*) from products p where p.%1$s = g.id and p.listed), g.created_at, '',
          setweight(to_tsvector('catalyst_search', g.name), 'A') || setweight(to_tsvector('catalyst_search', g.description), 'C')
        from %2$I g where g.id = any ($2) and g.is_active
      $f$, group_kind || '_id', case group_kind when 'category' then 'categories' else 'creators' end)
      using group_kind, ids;
    end $$`.execute(db);
  // A result's title: its product's, category's or creator's own.
  await sql`
    create function search_entity_title(kind text, entity_id text) returns text language sql stable
    set search_path from current as $$
      select case kind
        when 'category' then (select g.name from categories g where g.id = entity_id)
        when 'creator' then (select g.name from creators g where g.id = entity_id)
        else (select p.title from products p where p.id = entity_id)
      end
    $$`.execute(db);
  await sql`
    create or replace function search_words_add() returns trigger language plpgsql set search_path from current as $$
    begin
      perform search_words_of(array(
        select concat_ws(' ', search_entity_title(a.kind, split_part(a.key, ':', 2)),
          search_entity_text(a.kind, split_part(a.key, ':', 2), a.captions_path))
        from added a));
      return null;
    end $$`.execute(db);
  // The same columns as before (search.repository.ts reads them): the key and id said by the key, no title or slug.
  await sql`
    create or replace function search_document_matches(query tsquery)
    returns table (key text, kind text, entity_key text, entity_id text, lesson_id text, lesson_title text,
      captions_path text, title text, slug text, type text, category_id text, creator_id text, level text,
      free boolean, duration integer, popularity integer, created_at timestamptz, rank real)
    language sql stable set search_path from current as $$
      select d.key, d.kind, d.key, split_part(d.key, ':', 2), null, null, d.captions_path, null, null,
        d.type, d.category_id, d.creator_id, d.level, d.free, d.duration, d.popularity, d.created_at,
        ts_rank('{0.05, 0.2, 0.4, 1.0}', d.document, query)
      from search_documents d where d.kind <> 'lesson' and d.document @@ query
      union all
      select d.key, d.kind, d.key, split_part(d.key, ':', 2), null, null, d.captions_path, null, null,
        d.type, d.category_id, d.creator_id, d.level, d.free, d.duration, d.popularity, d.created_at,
        ts_rank('{0.05, 0.2, 0.4, 1.0}', 'w:1D'::tsvector, 'w'::tsquery) + ts_rank('{0.05, 0.2, 0.4, 1.0}', d.document, query)
      from search_caption_documents c join search_documents d on d.captions_path = c.captions_path
      where c.document @@ query and d.kind = 'product'
    $$`.execute(db);

  await sql`alter table search_documents drop constraint search_documents_pkey`.execute(db);
  await sql`alter table search_documents drop column entity_key, drop column entity_id, drop column title,
    drop column slug, drop column lesson_id, drop column lesson_title`.execute(db);
  await sql`create index search_documents_key_idx on search_documents using hash (key)`.execute(db);
  // Written again without the dropped columns (truncated: nothing of the old rows is left).
  await sql`truncate search_documents`.execute(db);
  await sql`select search_index_groups('category', array(select id from categories)),
    search_index_groups('creator', array(select id from creators)),
    search_index_products(array(select id from products))`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index search_documents_key_idx`.execute(db);
  await sql`truncate search_documents`.execute(db);
  await sql`alter table search_documents add column entity_key text not null, add column entity_id text not null,
    add column title text not null, add column slug text not null, add column lesson_id text,
    add column lesson_title text`.execute(db);
  await sql`alter table search_documents add primary key (key)`.execute(db);
  await sql`
    create or replace function search_index_products(ids text[]) returns void language plpgsql set search_path from current as $$
    begin
      delete from search_documents where key = any (array(select 'product:' || i from unnest(ids) i));
      insert into search_documents (key, kind, entity_key, entity_id, captions_path, title, slug, type, category_id,
        creator_id, level, free, duration, popularity, created_at, body, document)
      select 'product:' || p.id, 'product', 'product:' || p.id, p.id, search_captions_path(p.video_url), p.title,
        p.slug, p.type, p.category_id, p.creator_id, p.difficulty, coalesce(p.price = 0, false), p.duration,
        p.enrolled_students, p.created_at, '',
        setweight(to_tsvector('catalyst_search', p.title), 'A')
          || setweight(to_tsvector('catalyst_search', c.name || ' ' || cr.name), 'B')
          || setweight(to_tsvector('catalyst_search', p.description || ' ' || tags_text(p.tags)), 'C')
      from products p
      join categories c on c.id = p.category_id
      join creators cr on cr.id = p.creator_id
      where p.id = any (ids) and p.listed;
    end $$`.execute(db);
  await sql`
    create or replace function search_index_groups(group_kind text, ids text[]) returns void language plpgsql set search_path from current as $$
    begin
      delete from search_documents where key = any (array(select group_kind || ':' || i from unnest(ids) i));
      execute format($f$
        insert into search_documents (key, kind, entity_key, entity_id, title, slug, type, %1$s, popularity, created_at, body, document)
        select $1 || ':' || g.id, $1, $1 || ':' || g.id, g.id, g.name, g.slug, $1, g.id,
          (select count(*) from products p where p.%1$s = g.id and p.listed), g.created_at, '',
          setweight(to_tsvector('catalyst_search', g.name), 'A') || setweight(to_tsvector('catalyst_search', g.description), 'C')
        from %2$I g where g.id = any ($2) and g.is_active
      $f$, group_kind || '_id', case group_kind when 'category' then 'categories' else 'creators' end)
      using group_kind, ids;
    end $$`.execute(db);
  await sql`
    create or replace function search_words_add() returns trigger language plpgsql set search_path from current as $$
    begin
      perform search_words_of(array(
        select concat_ws(' ', a.title, search_entity_text(a.kind, a.entity_id, a.captions_path)) from added a));
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function search_document_matches(query tsquery)
    returns table (key text, kind text, entity_key text, entity_id text, lesson_id text, lesson_title text,
      captions_path text, title text, slug text, type text, category_id text, creator_id text, level text,
      free boolean, duration integer, popularity integer, created_at timestamptz, rank real)
    language sql stable set search_path from current as $$
      select d.key, d.kind, d.entity_key, d.entity_id, d.lesson_id, d.lesson_title, d.captions_path, d.title, d.slug,
        d.type, d.category_id, d.creator_id, d.level, d.free, d.duration, d.popularity, d.created_at,
        ts_rank('{0.05, 0.2, 0.4, 1.0}', d.document, query)
      from search_documents d where d.kind <> 'lesson' and d.document @@ query
      union all
      select d.key, d.kind, d.entity_key, d.entity_id, d.lesson_id, d.lesson_title, d.captions_path, d.title, d.slug,
        d.type, d.category_id, d.creator_id, d.level, d.free, d.duration, d.popularity, d.created_at,
        ts_rank('{0.05, 0.2, 0.4, 1.0}', 'w:1D'::tsvector, 'w'::tsquery) + ts_rank('{0.05, 0.2, 0.4, 1.0}', d.document, query)
      from search_caption_documents c join search_documents d on d.captions_path = c.captions_path
      where c.document @@ query and d.kind = 'product'
    $$`.execute(db);
  await sql`drop function search_entity_title(text, text)`.execute(db);
  await sql`select search_index_groups('category', array(select id from categories)),
    search_index_groups('creator', array(select id from creators)),
    search_index_products(array(select id from products))`.execute(db);
}
