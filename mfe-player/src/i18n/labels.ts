// The contracts' lists (content types, difficulties) in the page's language: one key per value.
import type { Difficulty, ProductType } from '@catalyst/contracts';
import type { Translate } from '@catalyst/web-kit';
import type { playerStrings } from './en';

type PlayerTranslate = Translate<typeof playerStrings.english>;

const TYPE_KEYS = {
  course: 'type.course',
  tutorial: 'type.tutorial',
  video: 'type.video',
  document: 'type.document',
  webinar: 'type.webinar',
} as const satisfies Record<ProductType, string>;

const DIFFICULTY_KEYS = {
  beginner: 'difficulty.beginner',
  intermediate: 'difficulty.intermediate',
  advanced: 'difficulty.advanced',
} as const satisfies Record<Difficulty, string>;

/** A content type's name ('Course'); a type this build does not know is shown as it is. */
export const typeLabel = (t: PlayerTranslate, type: string): string =>
  type in TYPE_KEYS ? t(TYPE_KEYS[type as ProductType]) : type;

/** A difficulty as the badge shows it ('beginner'); one this build does not know is shown as it is. */
export const difficultyLabel = (t: PlayerTranslate, difficulty: string): string =>
  difficulty in DIFFICULTY_KEYS ? t(DIFFICULTY_KEYS[difficulty as Difficulty]) : difficulty;
