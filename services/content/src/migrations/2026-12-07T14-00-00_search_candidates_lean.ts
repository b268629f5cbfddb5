import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * A new search question costs Postgres less in its lesson candidates (services/content/src/search). On
 * bench/search.ts's 100× catalogue `search_lesson_candidates` was about half of a new question's CPU, and most of
 * that was not the index: `search_captions_path` was called as a function once per candidate (its body read a
 * subquery in FROM, which Postgres never inlines), and the captions' half of the union was planned and run on every
 * question although most words are in no captions. The same function now has a body Postgres inlines (the same
 * result for every address: the lessons' captions index is unchanged), and the candidates read the captions' paths
 * first, take the union only when there are some, and keep their plans for the session (PL/pgSQL). Frozen once
 * landed: add a new migration instead.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create or replace function search_captions_path(video_url text) returns text language sql immutable parallel safe as $$
      select case when split_part(split_part(video_url, '?', 1), '#', 1) ~* '^/media/videos/[^/]+\\.[a-z0-9]+$'
        then regexp_replace(split_part(split_part(video_url, '?', 1), '#', 1),
          '^/media/videos/([^/]+)\\.[A-Za-z0-9]+$', '/media/captions/\\1.vtt') end
    $$`.execute(db);
  await candidates(db, 'plpgsql');
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`
    create or replace function search_captions_path(video_url text) returns text language sql immutable parallel safe as $$
      select case when p ~* '^/media/videos/[^/]+\\.[a-z0-9]+$'
        then regexp_replace(p, '^/media/videos/([^/]+)\\.[A-Za-z0-9]+$', '/media/captions/\\1.vtt') end
      from (select split_part(split_part(video_url, '?', 1), '#', 1) as p) v
    $$`.execute(db);
  await candidates(db, 'sql');
}

/**
 * At most `cap` lessons whose title, text or video's captions hold the query, the first the indexes give, each with
 * its rank: a match in its text or captions counts as one lesson-text word (weight D), its title's match is added
 * (weight C). Never a sequential scan. `sql` is the previous migration's function, for `down`.
 */
async function candidates(db: MigrationDb, language: 'plpgsql' | 'sql'): Promise<void> {
  // The function's language changes, so it is dropped and made again (nothing depends on it).
  await sql`drop function search_lesson_candidates(tsquery, integer)`.execute(db);
  const rank = sql`ts_rank('{0.05, 0.2, 0.4, 1.0}', 'w:1D'::tsvector, 'w'::tsquery)
    + ts_rank('{0.05, 0.2, 0.4, 1.0}', setweight(to_tsvector('catalyst_search', l.title), 'C'), query)`;
  if (language === 'sql') {
    await sql`
      create function search_lesson_candidates(query tsquery, cap integer)
      returns table (id text, product_id text, title text, captions_path text, rank real)
      language sql stable set search_path from current set enable_seqscan = off as $$
        select l.id, l.product_id, l.title, search_captions_path(l.video_url), ${rank}
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
    return;
  }
  await sql`
    create function search_lesson_candidates(query tsquery, cap integer)
    returns table (id text, product_id text, title text, captions_path text, rank real)
    language plpgsql stable set search_path from current set enable_seqscan = off as $$
    declare
      said text[] := array(select c.captions_path from search_caption_documents c where c.document @@ query);
    begin
      if cardinality(said) = 0 then
        return query select l.id, l.product_id, l.title, search_captions_path(l.video_url), ${rank}
          from course_lessons l where search_lesson_vector(l.title, l.body) @@ query limit cap;
      else
        return query select l.id, l.product_id, l.title, search_captions_path(l.video_url), ${rank}
          from (
            (select l.id from course_lessons l where search_lesson_vector(l.title, l.body) @@ query limit cap)
            union
            (select l.id from course_lessons l
              where l.video_url is not null and search_captions_path(l.video_url) = any (said) limit cap)
            limit cap
          ) f
          join course_lessons l on l.id = f.id;
      end if;
    end $$`.execute(db);
}
