import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Lessons searched where they are (services/content/src/search). A lesson no longer has a document of its own
 * (its stored vector was most of the index: on a 100× catalogue the index outweighed the tables it indexes); an
 * expression GIN index over `course_lessons` reads its title and article text, and a video's captions are one
 * small document per captions file (`search_caption_documents`), found for the lessons that play that video
 * through an index on the captions path. Categories, creators and products keep their documents. The words of
 * lessons and captions join the lexicon from their own statement triggers; `search_rebuild()` rebuilds all but the
 * lessons' index, which Postgres keeps in step itself. `search_lesson_candidates` reads at most a given number of
 * matching lessons, always through the indexes (a frequent word would otherwise be planned as a scan that builds
 * every lesson's vector). Frozen once landed: add a new migration instead.
 */
export async function up(db: MigrationDb): Promise<void> {
  // A lesson's words as the index holds them: its title above its article's text. Names are schema-qualified so the
  // index's expression reads the same whatever the search_path of whoever evaluates it.
  await sql`
    do $do$ begin
      execute format($f$
        create function search_lesson_vector(title text, body text) returns tsvector language sql immutable parallel safe as $$
          select setweight(to_tsvector(%1$L::regconfig, coalesce(title, '')), 'C')
            || setweight(to_tsvector(%1$L::regconfig, %2$I.search_plain_text(body)), 'D')
        $$ $f$, format('%I.%I', current_schema(), 'catalyst_search'), current_schema());
    end $do$`.execute(db);
  await sql`create index search_lessons_document_idx on course_lessons
    using gin (search_lesson_vector(title, body)) with (fastupdate = off)`.execute(db);
  await sql`create index search_lessons_captions_idx on course_lessons (search_captions_path(video_url))
    where video_url is not null`.execute(db);

  // One document per captions file: its cues' words.
  await sql`
    create table search_caption_documents (
      captions_path text primary key,
      document tsvector not null
    )`.execute(db);
  await sql`
    create function search_index_captions(paths text[]) returns void language plpgsql set search_path from current as $$
    begin
      delete from search_caption_documents where captions_path = any (paths);
      insert into search_caption_documents (captions_path, document)
      select s.captions_path, to_tsvector('catalyst_search', string_agg(s.text, ' ' order by s.start_seconds))
      from search_captions s where s.captions_path = any (paths) group by s.captions_path;
    end $$`.execute(db);

  // The lexicon of misspelt-word correction: the words of a written lesson or of loaded captions.
  await sql`
    create function search_words_of(texts text[]) returns void language sql set search_path from current as $$
      insert into search_words (word)
      select distinct w from unnest(texts) t, regexp_split_to_table(lower(public.unaccent(t)), '[^[:alnum:]]+') w
      where length(w) between 2 and 40
      on conflict do nothing
    $$`.execute(db);
  await sql`
    create or replace function search_lessons_changed() returns trigger language plpgsql set search_path from current as $$
    begin
      perform search_words_of(array(select concat_ws(' ', l.title, search_plain_text(l.body)) from new_rows l));
      return null;
    end $$`.execute(db);
  await sql`drop trigger course_lessons_search_delete on course_lessons`.execute(db);
  await sql`
    create function search_captions_changed() returns trigger language plpgsql set search_path from current as $$
    begin
      if tg_op = 'DELETE' then
        perform search_index_captions(array(select distinct captions_path from old_rows));
      else
        perform search_index_captions(array(select distinct captions_path from new_rows));
        perform search_words_of(array(select text from new_rows));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_captions_insert after insert on search_captions
    referencing new table as new_rows for each statement execute function search_captions_changed()`.execute(
    db,
  );
  await sql`create trigger search_captions_update after update on search_captions
    referencing new table as new_rows for each statement execute function search_captions_changed()`.execute(
    db,
  );
  await sql`create trigger search_captions_delete after delete on search_captions
    referencing old table as old_rows for each statement execute function search_captions_changed()`.execute(
    db,
  );

  // The text a category's, creator's or product's snippet is cut from, read at answer time (for the page of
  // results only) rather than kept beside its vector: its description, and a product's video's captions.
  await sql`
    create function search_entity_text(kind text, entity_id text, captions text) returns text language sql stable
    set search_path from current as $$
      select case kind
        when 'category' then (select g.description from categories g where g.id = entity_id)
        when 'creator' then (select g.description from creators g where g.id = entity_id)
        else concat_ws(' … ', nullif((select p.description from products p where p.id = entity_id), ''),
          (select string_agg(s.text, ' ' order by s.start_seconds) from search_captions s where s.captions_path = captions))
      end
    $$`.execute(db);

  // A product's document only (its lessons are read in place), without its text or its video's captions' words
  // (the captions' document stands for them, as for a lesson); found by its key.
  await sql`
    create or replace function search_index_products(ids text[]) returns void language plpgsql set search_path from current as $$
    begin
      delete from search_documents where key = any (array(select 'product:' || i from unnest(ids) i));
      insert into search_documents (key, kind, entity_key, entity_id, captions_path, title, slug, type, category_id,
        creator_id, level, free, duration, popularity, created_at, body, document)
      select 'product:' || p.id, 'product', 'product:' || p.id, p.id, cp.path, p.title, p.slug, p.type, p.category_id,
        p.creator_id, p.difficulty, coalesce(p.price = 0, false), p.duration, p.enrolled_students, p.created_at, '',
        setweight(to_tsvector('catalyst_search', p.title), 'A')
          || setweight(to_tsvector('catalyst_search', c.name || ' ' || cr.name), 'B')
          || setweight(to_tsvector('catalyst_search', p.description || ' ' || tags_text(p.tags)), 'C')
      from products p
      join categories c on c.id = p.category_id
      join creators cr on cr.id = p.creator_id
      cross join lateral (select search_captions_path(p.video_url) as path) cp
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
  // A new document's words join the lexicon, its text read from where it is kept.
  await sql`
    create or replace function search_words_add() returns trigger language plpgsql set search_path from current as $$
    begin
      perform search_words_of(array(
        select concat_ws(' ', a.title, search_entity_text(a.kind, a.entity_id, a.captions_path)) from added a));
      return null;
    end $$`.execute(db);
  // Documents are found by their key (a result's one document), and the lexicon's trigram index is written
  // straight into its tree (its pending list, merged as words arrive one statement at a time, left it 3× its size).
  await sql`drop index search_documents_entity_idx`.execute(db);
  await sql`alter index search_words_trgm_idx set (fastupdate = off)`.execute(db);
  await sql`reindex index search_words_trgm_idx`.execute(db);

  /**
   * The categories, creators and products whose words hold the query, or (a product) whose video's captions do,
   * each with its rank (captions count as one word of weight D), in the columns search.repository.ts ranks.
   */
  await sql`
    create function search_document_matches(query tsquery)
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

  /**
   * At most `cap` lessons whose title, text or video's captions hold the query, the first the indexes give, each
   * with its rank: a match in its text or captions counts as one lesson-text word (weight D), its title's match
   * is added (weight C; a title is a few words, cheap to read again, unlike the text). Never a sequential scan.
   */
  await sql`
    create function search_lesson_candidates(query tsquery, cap integer)
    returns table (id text, product_id text, title text, captions_path text, rank real)
    language sql stable set search_path from current set enable_seqscan = off as $$
      select l.id, l.product_id, l.title, search_captions_path(l.video_url),
        ts_rank('{0.05, 0.2, 0.4, 1.0}', 'w:1D'::tsvector, 'w'::tsquery)
          + ts_rank('{0.05, 0.2, 0.4, 1.0}', setweight(to_tsvector('catalyst_search', l.title), 'C'), query)
      from (
        (select l.id, l.product_id, l.title, l.video_url from course_lessons l
          where search_lesson_vector(l.title, l.body) @@ query limit cap)
        union
        (select l.id, l.product_id, l.title, l.video_url from course_lessons l
          where l.video_url is not null and search_captions_path(l.video_url) = any (array(
            select c.captions_path from search_caption_documents c where c.document @@ query))
          limit cap)
      ) l
      limit cap
    $$`.execute(db);

  await sql`
    create or replace function search_rebuild() returns void language plpgsql set search_path from current as $$
    begin
      truncate search_documents, search_words, search_caption_documents;
      perform search_index_groups('category', array(select id from categories));
      perform search_index_groups('creator', array(select id from creators));
      perform search_index_products(array(select id from products));
      perform search_index_captions(array(select distinct captions_path from search_captions));
      perform search_words_of(array(select concat_ws(' ', l.title, search_plain_text(l.body)) from course_lessons l));
      perform search_words_of(array(select text from search_captions));
    end $$`.execute(db);

  await sql`drop index search_documents_lesson_document_idx`.execute(db);
  // The documents again without the lessons' (truncated: no dead rows left behind); the lexicon already holds every
  // lesson's words, and reading them all again takes seconds on a large catalogue.
  await sql`truncate search_documents`.execute(db);
  await sql`select search_index_groups('category', array(select id from categories)),
    search_index_groups('creator', array(select id from creators)),
    search_index_products(array(select id from products)),
    search_index_captions(array(select distinct captions_path from search_captions))`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop function search_lesson_candidates(tsquery, integer), search_document_matches(tsquery)`.execute(
    db,
  );
  await sql`create index search_documents_entity_idx on search_documents (entity_key)`.execute(db);
  await sql`alter index search_words_trgm_idx reset (fastupdate)`.execute(db);
  await sql`
    create or replace function search_index_groups(group_kind text, ids text[]) returns void language plpgsql set search_path from current as $$
    begin
      delete from search_documents where entity_key = any (array(select group_kind || ':' || i from unnest(ids) i));
      execute format($f$
        insert into search_documents (key, kind, entity_key, entity_id, title, slug, type, %1$s, popularity, created_at, body, document)
        select $1 || ':' || g.id, $1, $1 || ':' || g.id, g.id, g.name, g.slug, $1, g.id,
          (select count(*) from products p where p.%1$s = g.id and p.listed), g.created_at, g.description,
          setweight(to_tsvector('catalyst_search', g.name), 'A') || setweight(to_tsvector('catalyst_search', g.description), 'C')
        from %2$I g where g.id = any ($2) and g.is_active
      $f$, group_kind || '_id', case group_kind when 'category' then 'categories' else 'creators' end)
      using group_kind, ids;
    end $$`.execute(db);
  for (const op of ['insert', 'update', 'delete'])
    await sql`drop trigger ${sql.raw(`search_captions_${op}`)} on search_captions`.execute(db);
  await sql`drop function search_captions_changed()`.execute(db);
  await sql`drop table search_caption_documents`.execute(db);
  await sql`drop function search_index_captions(text[])`.execute(db);
  await sql`
    create or replace function search_lessons_changed() returns trigger language plpgsql set search_path from current as $$
    begin
      if tg_op = 'INSERT' then
        perform search_index_products(array(select distinct product_id from new_rows));
      elsif tg_op = 'DELETE' then
        perform search_index_products(array(select distinct product_id from old_rows));
      else
        perform search_index_products(array(select product_id from new_rows union select product_id from old_rows));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger course_lessons_search_delete after delete on course_lessons
    referencing old table as old_rows for each statement execute function search_lessons_changed()`.execute(
    db,
  );
  // search_words_add as the first search migration made it (the previous one, run again below, replaces it).
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
  await sql`drop function search_words_of(text[]), search_entity_text(text, text, text)`.execute(db);
  await sql`drop index search_lessons_document_idx, search_lessons_captions_idx`.execute(db);
  await sql`drop function search_lesson_vector(text, text)`.execute(db);
  await sql`
    create or replace function search_rebuild() returns void language plpgsql set search_path from current as $$
    begin
      truncate search_documents, search_words;
      perform search_index_groups('category', array(select id from categories));
      perform search_index_groups('creator', array(select id from creators));
      perform search_index_products(array(select id from products));
    end $$`.execute(db);
  // The lesson documents come back as the previous migration made them, by running it again from the state it started
  // from (one GIN index over every document, no search_lesson_text).
  await sql`drop function search_lesson_text(text, text)`.execute(db);
  await sql`drop index search_documents_other_document_idx`.execute(db);
  await sql`create index search_documents_document_idx on search_documents using gin (document)`.execute(db);
  const lean = await import('./2026-12-05T10-00-00_search_index_lean');
  await lean.up(db);
}
