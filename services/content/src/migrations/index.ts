import type { Migration } from 'kysely';
import * as createCatalog from './2026-11-22T04-10-00_create_catalogue';
import * as indexTitleSort from './2026-11-22T05-00-00_index_title_sort';
import * as listedProducts from './2026-11-22T07-00-00_listed_products';
import * as oneListOfTypes from './2026-11-24T06-30-00_one_list_of_types';
import * as mediaAsset from './2026-11-24T21-00-00_media_asset';
import * as curriculum from './2026-11-25T03-00-00_curriculum';
import * as lessonQuiz from './2026-11-25T05-00-00_lesson_quiz';
import * as truthfulDemoCatalogue from './2026-12-05T04-00-00_truthful_demo_catalogue';
import * as productDurationSeconds from './2026-12-05T05-00-00_product_duration_seconds';
import * as reviews from './2026-12-05T09-30-00_reviews';
import * as savedProducts from './2026-12-05T09-10-00_saved_products';
import * as searchIndex from './2026-12-05T09-20-00_search_index';
import * as searchIndexLean from './2026-12-05T10-00-00_search_index_lean';
import * as searchLessonsInPlace from './2026-12-05T12-00-00_search_lessons_in_place';
import * as searchChangesNotify from './2026-12-05T12-40-00_search_changes_notify';
import * as searchDocumentsNarrow from './2026-12-05T13-00-00_search_documents_narrow';
import * as learningPaths from './2026-12-05T15-10-00_learning_paths';
import * as demoPaths from './2026-12-05T15-50-00_demo_paths';
import * as creatorStudio from './2026-12-06T10-00-00_creator_studio';
import * as creatorPages from './2026-12-06T10-10-00_creator_pages';
import * as searchCandidatesLean from './2026-12-07T14-00-00_search_candidates_lean';

/** Every migration of the content schema, by sortable name. Migrations are frozen once landed. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T04-10-00_create_catalogue': createCatalog,
  '2026-11-22T05-00-00_index_title_sort': indexTitleSort,
  '2026-11-22T07-00-00_listed_products': listedProducts,
  '2026-11-24T06-30-00_one_list_of_types': oneListOfTypes,
  '2026-11-24T21-00-00_media_asset': mediaAsset,
  '2026-11-25T03-00-00_curriculum': curriculum,
  '2026-11-25T05-00-00_lesson_quiz': lessonQuiz,
  '2026-12-05T04-00-00_truthful_demo_catalogue': truthfulDemoCatalogue,
  '2026-12-05T05-00-00_product_duration_seconds': productDurationSeconds,
  '2026-12-05T09-30-00_reviews': reviews,
  '2026-12-05T09-10-00_saved_products': savedProducts,
  '2026-12-05T09-20-00_search_index': searchIndex,
  '2026-12-05T10-00-00_search_index_lean': searchIndexLean,
  '2026-12-05T12-00-00_search_lessons_in_place': searchLessonsInPlace,
  '2026-12-05T12-40-00_search_changes_notify': searchChangesNotify,
  '2026-12-05T13-00-00_search_documents_narrow': searchDocumentsNarrow,
  '2026-12-05T15-10-00_learning_paths': learningPaths,
  '2026-12-05T15-50-00_demo_paths': demoPaths,
  '2026-12-06T10-00-00_creator_studio': creatorStudio,
  '2026-12-06T10-10-00_creator_pages': creatorPages,
  '2026-12-07T14-00-00_search_candidates_lean': searchCandidatesLean,
};
