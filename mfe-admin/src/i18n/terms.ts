// The admin's words for the catalogue's fixed values (packages/contracts' types and difficulties), by key: the
// lists and forms of several folders name them alike.
import type { Difficulty, ProductType } from '@catalyst/contracts';
import type { AdminKey } from './en';

/** A product's type as a row's lower-case fact ('course · beginner', 'React Basics (course)'). */
export const PRODUCT_KIND_KEYS = {
  course: 'products.kind.course',
  tutorial: 'products.kind.tutorial',
  video: 'products.kind.video',
  document: 'products.kind.document',
  webinar: 'products.kind.webinar',
} as const satisfies Record<ProductType, AdminKey>;

/** A product's type as a choice of a form ('Course'). */
export const PRODUCT_TYPE_LABEL_KEYS = {
  course: 'products.typeLabel.course',
  tutorial: 'products.typeLabel.tutorial',
  video: 'products.typeLabel.video',
  document: 'products.typeLabel.document',
  webinar: 'products.typeLabel.webinar',
} as const satisfies Record<ProductType, AdminKey>;

/** A difficulty as a row's lower-case fact ('beginner'). */
export const LEVEL_KEYS = {
  beginner: 'products.level.beginner',
  intermediate: 'products.level.intermediate',
  advanced: 'products.level.advanced',
} as const satisfies Record<Difficulty, AdminKey>;

/** A difficulty as a choice of a form ('Beginner'). */
export const LEVEL_LABEL_KEYS = {
  beginner: 'products.levelLabel.beginner',
  intermediate: 'products.levelLabel.intermediate',
  advanced: 'products.levelLabel.advanced',
} as const satisfies Record<Difficulty, AdminKey>;

/** The key of a type stored as text (a path's item), or null for a type this admin does not know. */
export const kindKeyOf = (type: string): AdminKey | null =>
  Object.hasOwn(PRODUCT_KIND_KEYS, type) ? PRODUCT_KIND_KEYS[type as ProductType] : null;
