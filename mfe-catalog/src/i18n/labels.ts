// The keys of the catalogue's enumerated words (content types, levels, search facets), by their value.
import type { Difficulty, ProductType, SearchDuration, SearchSort, SearchType } from '@catalyst/contracts';
import type { CatalogKey } from './en';

/** A content type, as filters, badges and a path's items name it ('Course'). */
export const TYPE_LABELS: Record<ProductType, CatalogKey> = {
  course: 'type.course',
  tutorial: 'type.tutorial',
  video: 'type.video',
  document: 'type.document',
  webinar: 'type.webinar',
};

/** What a search result is: a category, a creator or a content type. */
export const SEARCH_TYPE_KEYS: Record<SearchType, CatalogKey> = {
  ...TYPE_LABELS,
  category: 'type.category',
  creator: 'type.creator',
};

export const LEVEL_LABELS: Record<Difficulty, CatalogKey> = {
  beginner: 'level.beginner',
  intermediate: 'level.intermediate',
  advanced: 'level.advanced',
};

/** A card's facts: the lower-case value, capitalised by the card's style. */
export const CARD_FACTS: Record<Difficulty | ProductType, CatalogKey> = {
  beginner: 'card.beginner',
  intermediate: 'card.intermediate',
  advanced: 'card.advanced',
  course: 'card.course',
  tutorial: 'card.tutorial',
  video: 'card.video',
  document: 'card.document',
  webinar: 'card.webinar',
};

export const SEARCH_SORT_KEYS: Record<SearchSort, CatalogKey> = {
  relevance: 'searchSort.relevance',
  newest: 'searchSort.newest',
  rating: 'searchSort.rating',
  popular: 'searchSort.popular',
};

export const DURATION_KEYS: Record<SearchDuration, CatalogKey> = {
  short: 'duration.short',
  medium: 'duration.medium',
  long: 'duration.long',
};
