import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Catalogue-wide search (services/content/src/search). One document per category, creator, listed product and
 * lesson of a listed product, each with a weighted tsvector (title A; category and creator names B; description
 * and lesson titles C; lesson text and captions D), kept in step by statement triggers in the writer's
 * transaction; a lexicon of the words they hold lets a misspelt word (`pyhton`) be read as its nearest words.
 * `search_rebuild()` rebuilds both from the tables. Frozen once landed: add a new migration instead.
 */
export async function up(db: MigrationDb): Promise<void> {
  // Extensions live in public so every schema's search_path (service schema, public) sees them.
  await sql`create extension if not exists unaccent with schema public`.execute(db);
  await sql`create extension if not exists fuzzystrmatch with schema public`.execute(db);
  // English stemming over words with their accents taken off, for documents and queries alike.
  await sql`create text search configuration catalyst_search (copy = pg_catalog.english)`.execute(db);
  await sql`alter text search configuration catalyst_search alter mapping for hword, hword_part, word with public.unaccent, english_stem`.execute(
    db,
  );

  // What a video's captions are: /media/videos/x.mp4 → /media/captions/x.vtt (service-kit's captionsPathOf).
  await sql`
    create function search_captions_path(video_url text) returns text language sql immutable parallel safe as $$
      select case when p ~* '^/media/videos/[^/]+\\.[a-z0-9]+$'
        then regexp_replace(p, '^/media/videos/([^/]+)\\.[A-Za-z0-9]+$', '/media/captions/\\1.vtt') end
      from (select split_part(split_part(video_url, '?', 1), '#', 1) as p) v
    $$`.execute(db);
  // An article's sanitised HTML as the words a reader sees.
  await sql`
    create function search_plain_text(html text) returns text language sql immutable parallel safe as $$
      select btrim(regexp_replace(replace(replace(replace(replace(replace(replace(
        regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g'),
        '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'), '\\s+', ' ', 'g'))
    $$`.execute(db);

  // The cues of the captions beside local videos (WebVTT files), loaded by `npm run search:reindex`.
  await sql`
    create table search_captions (
      captions_path text not null,
      start_seconds integer not null check (start_seconds >= 0),
      text text not null,
      primary key (captions_path, start_seconds)
    )`.execute(db);

  await sql`
    create table search_documents (
      key text primary key,
      kind text not null check (kind in ('category', 'creator', 'product', 'lesson')),
      -- The result a document stands for: a product's lessons are found as the product.
      entity_key text not null,
      entity_id text not null,
      lesson_id text,
      lesson_title text,
      captions_path text,
      title text not null,
      slug text not null,
      type text not null,
      category_id text,
      creator_id text,
      level text,
      free boolean,
      duration integer,
      popularity integer not null default 0,
      created_at timestamptz not null,
      -- The text a snippet is cut from.
      body text not null,
      document tsvector not null
    )`.execute(db);
  await sql`create index search_documents_document_idx on search_documents using gin (document)`.execute(db);
  await sql`create index search_documents_entity_idx on search_documents (entity_key)`.execute(db);

  await sql`create table search_words (word text primary key)`.execute(db);
  await sql`create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops)`.execute(db);
  await sql`create index search_words_prefix_idx on search_words (word text_pattern_ops)`.execute(db);
  // Every word a new document holds joins the lexicon; a word no document holds any more only costs a miss.
  await sql`
    create function search_words_add() returns trigger language plpgsql set search_path from current as $$
    begin
      insert into search_words (word)
      select distinct w from added,
        regexp_split_to_table(lower(public.unaccent(added.title || ' ' || coalesce(added.lesson_title, '') || ' ' || added.body)), '[^[:alnum:]]+') w
      where length(w) between 2 and 40
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger search_documents_words after insert on search_documents
    referencing new table as added for each statement execute function search_words_add()`.execute(db);

  // A product's document and its lessons', rebuilt from the tables (nothing when it is not listed).
  await sql`
    create function search_index_products(ids text[]) returns void language plpgsql set search_path from current as $$
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

  // A category's or creator's document (active ones only), counting its listed products as its popularity.
  await sql`
    create function search_index_groups(group_kind text, ids text[]) returns void language plpgsql set search_path from current as $$
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

  // Writers' statements keep the documents in step in their own transaction (one call per statement, not per row).
  await sql`
    create function search_products_changed() returns trigger language plpgsql set search_path from current as $$
    begin
      if tg_op = 'DELETE' then
        perform search_index_products(array(select id from old_rows));
      else
        perform search_index_products(array(select id from new_rows));
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function search_lessons_changed() returns trigger language plpgsql set search_path from current as $$
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
  await sql`
    create function search_groups_changed() returns trigger language plpgsql set search_path from current as $$
    declare group_kind text := case tg_table_name when 'categories' then 'category' else 'creator' end;
    begin
      if tg_op = 'DELETE' then
        perform search_index_groups(group_kind, array(select id from old_rows));
      else
        perform search_index_groups(group_kind, array(select id from new_rows));
      end if;
      -- A renamed group changes the words its products are found by.
      if tg_op = 'UPDATE' then
        perform search_index_products(array(
          select p.id from products p join new_rows g on g.id = (case group_kind when 'category' then p.category_id else p.creator_id end)
          where p.listed));
      end if;
      return null;
    end $$`.execute(db);
  for (const [table, fn] of [
    ['products', 'search_products_changed'],
    ['course_lessons', 'search_lessons_changed'],
    ['categories', 'search_groups_changed'],
    ['creators', 'search_groups_changed'],
  ] as const) {
    await sql`create trigger ${sql.raw(`${table}_search_insert`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement execute function ${sql.raw(fn)}()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_search_update`)} after update on ${sql.table(table)}
      referencing old table as old_rows new table as new_rows for each statement execute function ${sql.raw(fn)}()`.execute(
      db,
    );
    await sql`create trigger ${sql.raw(`${table}_search_delete`)} after delete on ${sql.table(table)}
      referencing old table as old_rows for each statement execute function ${sql.raw(fn)}()`.execute(db);
  }

  await sql`
    create function search_rebuild() returns void language plpgsql set search_path from current as $$
    begin
      truncate search_documents, search_words;
      perform search_index_groups('category', array(select id from categories));
      perform search_index_groups('creator', array(select id from creators));
      perform search_index_products(array(select id from products));
    end $$`.execute(db);

  /**
   * The words searched for as one tsquery: each word a prefix (`pyth` finds Python), and a word no indexed word
   * starts with read as its nearest indexed words (`pyhton` → python: trigram similarity, at most 1 edit in a
   * short word and 2 in a longer one). `searched` says the words used when a correction was made, else null.
   */
  await sql`
    create function search_tsquery(q text, out query tsquery, out searched text) language plpgsql stable
    set search_path from current set pg_trgm.similarity_threshold = 0.2 as $$
    declare
      t text;
      fixes text[];
      shown text[] := '{}';
      corrected boolean := false;
    begin
      query := ''::tsquery;
      for t in
        select w from regexp_split_to_table(lower(public.unaccent(q)), '[^[:alnum:]]+') with ordinality s(w, n)
        where w <> '' order by n limit 8
      loop
        if length(t) < 3 or exists (select 1 from search_words where word like t || '%') then
          query := query && to_tsquery('catalyst_search', t || ':*');
          shown := shown || t;
        else
          select array_agg(word order by sim desc) into fixes from (
            select word, similarity(word, t) as sim from search_words
            where word % t and levenshtein(word, t) <= case when length(t) <= 4 then 1 else 2 end
            order by sim desc limit 3
          ) f;
          if fixes is null then
            query := query && to_tsquery('catalyst_search', t || ':*');
            shown := shown || t;
          else
            query := query && (select to_tsquery('catalyst_search', string_agg(f, ' | ')) from unnest(fixes) f);
            shown := shown || fixes[1];
            corrected := true;
          end if;
        end if;
      end loop;
      searched := case when corrected then array_to_string(shown, ' ') end;
    end $$`.execute(db);

  // A text with the query's words between \u0002 and \u0003 (the service turns them into marked segments).
  await sql`
    create function search_marks(doc text, query tsquery, whole boolean) returns text language sql stable
    set search_path from current as $$
      select ts_headline('catalyst_search', translate(doc, chr(2) || chr(3), ''), query,
        'StartSel=' || chr(2) || ', StopSel=' || chr(3) || case when whole then ', HighlightAll=true'
        else ', MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "' end)
    $$`.execute(db);

  await sql`select search_rebuild()`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['products', 'course_lessons', 'categories', 'creators']) {
    for (const op of ['insert', 'update', 'delete'])
      await sql`drop trigger if exists ${sql.raw(`${table}_search_${op}`)} on ${sql.table(table)}`.execute(
        db,
      );
  }
  await sql`drop table if exists search_documents, search_words, search_captions`.execute(db);
  for (const fn of [
    'search_marks(text, tsquery, boolean)',
    'search_tsquery(text)',
    'search_rebuild()',
    'search_groups_changed()',
    'search_lessons_changed()',
    'search_products_changed()',
    'search_index_groups(text, text[])',
    'search_index_products(text[])',
    'search_words_add()',
    'search_plain_text(text)',
    'search_captions_path(text)',
  ])
    await sql`drop function if exists ${sql.raw(fn)}`.execute(db);
  await sql`drop text search configuration if exists catalyst_search`.execute(db);
}
