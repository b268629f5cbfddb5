import type { Migration } from 'kysely';
import * as createProgress from './2026-11-22T05-00-00_create_progress';
import * as furthestPosition from './2026-11-24T06-30-00_furthest_position';
import * as lessonProgress from './2026-11-25T03-30-00_lesson_progress';
import * as signingKeys from './2026-11-26T09-00-00_signing_keys';
import * as quizAttempts from './2026-11-28T08-00-00_quiz_attempts';
import * as certificates from './2026-11-28T08-10-00_certificates';
import * as learningDays from './2026-11-28T09-00-00_learning_days';
import * as quizPapers from './2026-12-05T05-30-00_quiz_papers';
import * as certificateStatus from './2026-12-05T06-00-00_certificate_status';
import * as coWatched from './2026-12-05T10-00-00_co_watched';
import * as notes from './2026-12-05T13-00-00_notes';
import * as playerSettings from './2026-12-05T15-20-00_player_settings';
import * as pathFollows from './2026-12-05T15-40-00_path_follows';
import * as watchAnalytics from './2026-12-06T09-40-00_watch_analytics';
import * as domainEvents from './2026-12-06T12-40-00_domain_events';
import * as xapi from './2026-12-06T13-00-00_xapi';
import * as webhooks from './2026-12-06T13-20-00_webhooks';
import * as certificateLanguage from './2026-12-06T19-45-00_certificate_language';
import * as dropDuplicateProgressIndex from './2026-12-07T08-00-00_drop_duplicate_progress_index';

/** Every migration of the progress schema, by sortable name. Migrations are frozen once landed. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T05-00-00_create_progress': createProgress,
  '2026-11-24T06-30-00_furthest_position': furthestPosition,
  '2026-11-25T03-30-00_lesson_progress': lessonProgress,
  '2026-11-26T09-00-00_signing_keys': signingKeys,
  '2026-11-28T08-00-00_quiz_attempts': quizAttempts,
  '2026-11-28T08-10-00_certificates': certificates,
  '2026-11-28T09-00-00_learning_days': learningDays,
  '2026-12-05T05-30-00_quiz_papers': quizPapers,
  '2026-12-05T06-00-00_certificate_status': certificateStatus,
  '2026-12-05T10-00-00_co_watched': coWatched,
  '2026-12-05T13-00-00_notes': notes,
  '2026-12-05T15-20-00_player_settings': playerSettings,
  '2026-12-05T15-40-00_path_follows': pathFollows,
  '2026-12-06T09-40-00_watch_analytics': watchAnalytics,
  '2026-12-06T12-40-00_domain_events': domainEvents,
  '2026-12-06T13-00-00_xapi': xapi,
  '2026-12-06T13-20-00_webhooks': webhooks,
  '2026-12-06T19-45-00_certificate_language': certificateLanguage,
  '2026-12-07T08-00-00_drop_duplicate_progress_index': dropDuplicateProgressIndex,
};
