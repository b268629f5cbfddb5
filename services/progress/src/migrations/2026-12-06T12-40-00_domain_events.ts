import { sql } from 'kysely';
import {
  createEventCursors,
  createEventOutbox,
  dropEventCursors,
  dropEventOutbox,
  type MigrationDb,
} from '@catalyst/service-kit';

/**
 * Progress's domain events (issue 60): the outbox, filled by triggers in the writing statement's own transaction,
 * so every write path (saves, lesson saves, Mark complete, quizzes, certificates) emits and a rolled-back write
 * emits nothing. Saves are hot: the update triggers' WHEN clauses let a save that crosses nothing skip them.
 * Also the cursors of progress's own consumers (webhooks, xAPI).
 */
export async function up(db: MigrationDb): Promise<void> {
  await createEventOutbox(db);
  await createEventCursors(db);
  await sql`
    create function progress_domain_events() returns trigger language plpgsql
    set search_path from current as $$
    declare
      was int := case when tg_op = 'INSERT' then 0 else old.progress end;
      mark int;
    begin
      if tg_op = 'INSERT' then
        perform append_domain_event('enrollment.started', new.user_id, jsonb_build_object('productId', new.product_id));
      end if;
      foreach mark in array array[25, 50, 75] loop
        if was < mark and new.progress >= mark then
          perform append_domain_event('progress.reached', new.user_id,
            jsonb_build_object('productId', new.product_id, 'percent', mark));
        end if;
      end loop;
      if new.completed and (tg_op = 'INSERT' or not old.completed) then
        perform append_domain_event('course.completed', new.user_id, jsonb_build_object('productId', new.product_id));
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger progress_events_insert after insert on progress
    for each row execute function progress_domain_events()`.execute(db);
  await sql`
    create trigger progress_events_update after update of progress, completed on progress
    for each row when (
      (old.progress < 25 and new.progress >= 25) or (old.progress < 50 and new.progress >= 50)
      or (old.progress < 75 and new.progress >= 75) or (new.completed and not old.completed)
    ) execute function progress_domain_events()`.execute(db);

  await sql`
    create function lesson_domain_events() returns trigger language plpgsql
    set search_path from current as $$
    begin
      perform append_domain_event('lesson.completed', new.user_id,
        jsonb_build_object('productId', new.product_id, 'lessonId', new.lesson_id));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger lesson_events_insert after insert on lesson_progress
    for each row when (new.completed) execute function lesson_domain_events()`.execute(db);
  await sql`
    create trigger lesson_events_update after update of completed on lesson_progress
    for each row when (new.completed and not old.completed) execute function lesson_domain_events()`.execute(
    db,
  );

  await sql`
    create function quiz_domain_events() returns trigger language plpgsql
    set search_path from current as $$
    begin
      perform append_domain_event('quiz.graded', new.user_id, jsonb_build_object(
        'productId', new.product_id, 'lessonId', new.lesson_id, 'attemptId', new.id,
        'score', new.score / 100.0, 'passed', new.passed));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger quiz_events_insert after insert on quiz_attempts
    for each row execute function quiz_domain_events()`.execute(db);

  await sql`
    create function certificate_domain_events() returns trigger language plpgsql
    set search_path from current as $$
    begin
      perform append_domain_event('certificate.issued', new.user_id, jsonb_build_object(
        'certificateId', new.code, 'code', new.code,
        'productId', case when new.kind = 'course' then new.product_id end,
        'pathId', case when new.kind = 'path' then new.product_id end));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger certificate_events_insert after insert on certificates
    for each row execute function certificate_domain_events()`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop trigger certificate_events_insert on certificates`.execute(db);
  await sql`drop function certificate_domain_events()`.execute(db);
  await sql`drop trigger quiz_events_insert on quiz_attempts`.execute(db);
  await sql`drop function quiz_domain_events()`.execute(db);
  await sql`drop trigger lesson_events_update on lesson_progress`.execute(db);
  await sql`drop trigger lesson_events_insert on lesson_progress`.execute(db);
  await sql`drop function lesson_domain_events()`.execute(db);
  await sql`drop trigger progress_events_update on progress`.execute(db);
  await sql`drop trigger progress_events_insert on progress`.execute(db);
  await sql`drop function progress_domain_events()`.execute(db);
  await dropEventCursors(db);
  await dropEventOutbox(db);
}
