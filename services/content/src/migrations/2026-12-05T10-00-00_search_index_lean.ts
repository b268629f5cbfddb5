import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * A leaner search index (services/content/src/search). A lesson's document no longer keeps the lesson's text (it
 * was the index's bulk: on a 100× catalogue the documents outweighed the tables they index): its snippet is cut
 * at answer time from the lesson itself, for the page of results only (`search_lesson_text`), and its words join
 * the lexicon from the lesson too. Lessons' vectors and the others' have GIN indexes of their own (fastupdate off),
 * so suggestions never read a lesson and a search ranks a capped number of them. Frozen once landed: add a new migration instead.
 */
export async function up(db: MigrationDb): Promise<void> {
  // A lesson's words as a reader sees them: the article's text, then its video's captions.
  await sql`
    create function search_lesson_text(lesson text, captions text) returns text language sql stable
    set search_path from current as $$
      select concat_ws(' … ', nullif(search_plain_text(l.body), ''),
        (select string_agg(s.text, ' ' order by s.start_seconds) from search_captions s where s.captions_path = captions))
      from course_lessons l where l.id = lesson
    $$`.execute(db);

  // A product's document and its lessons', rebuilt from the tables (nothing when it is not listed); a lesson's
  // document keeps no text of its own.
  await sql`
    create or replace function search_index_products(ids text[]) returns void language plpgsql set search_path from current as $$
    begin
      delete from search_documents where entity_key = any (array(select 'product:' || i from unnest(ids) i));
      insert into search_documents (key, kind, entity_key, entity_id, captions_path, title, slug, type, category_id,
        creator_id, level, free, duration, popularity, created_at, body, document)
      select 'product:' || p.id, 'product', 'product:' || p.id, p.id, cp.path, p.title, p.slug, p.type, p.category_id,
        p.creator_id, p.difficulty, coalesce(p.price = 0, false), p.duration, p.enrolled_students, p.created_at,
        concat_ws(' … ', nullif(p.description, ''), cap.text),
        setweight(to_tsvector('catalyst_search', p.title), 'A')
          || setweight(to_tsvector('catalyst_search', c.name || ' ' || cr.name), 'B')
          || setweight(to_tsvector('catalyst_search', p.description || ' ' || tags_text(p.tags)), 'C')
          || setweight(to_tsvector('catalyst_search', coalesce(cap.text, '')), 'D')
      from products p
      join categories c on c.id = p.category_id
      join creators cr on cr.id = p.creator_id
      cross join lateral (select search_captions_path(p.video_url) as path) cp
      left join lateral (
        select string_agg(s.text, ' ' order by s.start_seconds) as text from search_captions s where s.captions_path = cp.path
      ) cap on true
      where p.id = any (ids) and p.listed;
      insert into search_documents (key, kind, entity_key, entity_id, lesson_id, lesson_title, captions_path, title, slug,
        type, category_id, creator_id, level, free, duration, popularity, created_at, body, document)
      select 'lesson:' || l.id, 'lesson', 'product:' || p.id, p.id, l.id, l.title, cp.path, p.title, p.slug,
        p.type, p.category_id, p.creator_id, p.difficulty, coalesce(p.price = 0, false), p.duration, p.enrolled_students,
        p.created_at, '',
        setweight(to_tsvector('catalyst_search', l.title), 'C')
          || setweight(to_tsvector('catalyst_search', search_plain_text(l.body) || ' ' || coalesce(cap.text, '')
            || ' ' || p.title || ' ' || c.name || ' ' || cr.name), 'D')
      from course_lessons l
      join products p on p.id = l.product_id
      join categories c on c.id = p.category_id
      join creators cr on cr.id = p.creator_id
      cross join lateral (select search_captions_path(l.video_url) as path) cp
      left join lateral (
        select string_agg(s.text, ' ' order by s.start_seconds) as text from search_captions s where s.captions_path = cp.path
      ) cap on true
      where l.product_id = any (ids) and p.listed;
    end $$`.execute(db);

  // Every word a new document holds joins the lexicon, a lesson's read from the lesson.
  await sql`
    create or replace function search_words_add() returns trigger language plpgsql set search_path from current as $$
    begin
      insert into search_words (word)
      select distinct w from added,
        regexp_split_to_table(lower(public.unaccent(added.title || ' ' || coalesce(added.lesson_title, '') || ' '
          || case when added.kind = 'lesson' then coalesce(search_lesson_text(added.lesson_id, added.captions_path), '')
            else added.body end)), '[^[:alnum:]]+') w
      where length(w) between 2 and 40
      on conflict do nothing;
      return null;
    end $$`.execute(db);

  // Lessons and the rest each through their own index: as-you-type reads no lesson, and a search ranks a capped
  // number of lessons beside every other match. Written straight into the tree (fastupdate off), so a search never
  // scans a pending list.
  await sql`drop index search_documents_document_idx`.execute(db);
  await sql`create index search_documents_lesson_document_idx on search_documents using gin (document)
    with (fastupdate = off) where kind = 'lesson'`.execute(db);
  await sql`create index search_documents_other_document_idx on search_documents using gin (document)
    with (fastupdate = off) where kind <> 'lesson'`.execute(db);
  await sql`select search_rebuild()`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  // The documents keep each lesson's text again, as the previous migration made them.
  await sql`
    create or replace function search_index_products(ids text[]) returns void language plpgsql set search_path from current as $$
    begin
      delete from search_documents where entity_key = any (array(select 'product:' || i from unnest(ids) i));
      insert into search_documents (key, kind, entity_key, entity_id, captions_path, title, slug, type, category_id,
        creator_id, level, free, duration, popularity, created_at, body, document)
      select 'product:' || p.id, 'product', 'product:' || p.id, p.id, cp.path, p.title, p.slug, p.type, p.category_id,
        p.creator_id, p.difficulty, coalesce(p.price = 0, false), p.duration, p.enrolled_students, p.created_at,
        concat_ws(' … ', nullif(p.description, ''), cap.text),
        setweight(to_tsvector('catalyst_search', p.title), 'A')
          || setweight(to_tsvector('catalyst_search', c.name || ' ' || cr.name), 'B')
          || setweight(to_tsvector('catalyst_search', p.description || ' ' || tags_text(p.tags)), 'C')
          || setweight(to_tsvector('catalyst_search', coalesce(cap.text, '')), 'D')
      from products p
      join categories c on c.id = p.category_id
      join creators cr on cr.id = p.creator_id
      cross join lateral (select search_captions_path(p.video_url) as path) cp
      left join lateral (
        select string_agg(s.text, ' ' order by s.start_seconds) as text from search_captions s where s.captions_path = cp.path
      ) cap on true
      where p.id = any (ids) and p.listed;
      insert into search_documents (key, kind, entity_key, entity_id, lesson_id, lesson_title, captions_path, title, slug,
        type, category_id, creator_id, level, free, duration, popularity, created_at, body, document)
      select 'lesson:' || l.id, 'lesson', 'product:' || p.id, p.id, l.id, l.title, cp.path, p.title, p.slug,
        p.type, p.category_id, p.creator_id, p.difficulty, coalesce(p.price = 0, false), p.duration, p.enrolled_students,
        p.created_at, concat_ws(' … ', nullif(search_plain_text(l.body), ''), cap.text),
        setweight(to_tsvector('catalyst_search', l.title), 'C')
          || setweight(to_tsvector('catalyst_search', search_plain_text(l.body) || ' ' || coalesce(cap.text, '')
            || ' ' || p.title || ' ' || c.name || ' ' || cr.name), 'D')
      from course_lessons l
      join products p on p.id = l.product_id
      join categories c on c.id = p.category_id
      join creators cr on cr.id = p.creator_id
      cross join lateral (select search_captions_path(l.video_url) as path) cp
      left join lateral (
        select string_agg(s.text, ' ' order by s.start_seconds) as text from search_captions s where s.captions_path = cp.path
      ) cap on true
      where l.product_id = any (ids) and p.listed;
    end $$`.execute(db);

  await sql`
    create or replace function search_words_add() returns trigger language plpgsql set search_path from current as $$
    begin
      insert into search_words (word)
      select distinct w from added,
        regexp_split_to_table(lower(public.unaccent(added.title || ' ' || coalesce(added.lesson_title, '') || ' ' || added.body)), '[^[:alnum:]]+') w
      where length(w) between 2 and 40
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`drop index search_documents_lesson_document_idx, search_documents_other_document_idx`.execute(db);
  await sql`create index search_documents_document_idx on search_documents using gin (document)`.execute(db);
  await sql`drop function if exists search_lesson_text(text, text)`.execute(db);
  await sql`select search_rebuild()`.execute(db);
}
