// Client-side checks of the admin forms: the same zod rules and messages the server applies (section 5).
import type { z } from 'zod';
import {
  categoryInputSchema,
  creatorInputSchema,
  curriculumBodySchema,
  normaliseSlug,
  pathInputSchema,
  productInputSchema,
  revisionReturnBodySchema,
  scheduleLiveBodySchema,
} from '@catalyst/contracts';
import { shownFieldMessage } from './messages';

export type FieldErrors = Record<string, string>;

/**
 * The first message per field, keyed by the field's name, in the page's language (a form that shows them reads
 * `formMessageStrings` with `useStrings`, so its translations have loaded).
 */
function firstErrors(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    if (!(field in errors)) errors[field] = shownFieldMessage(issue.message);
  }
  return errors;
}

export const validateCategory = (values: unknown) => firstErrors(categoryInputSchema, values);
export const validateCreator = (values: unknown) => firstErrors(creatorInputSchema, values);
export const validateProduct = (values: unknown) => firstErrors(productInputSchema, values);
/** A learning path: its fields and its items (`items`: at least one, each product once). */
export const validatePath = (values: unknown) => firstErrors(pathInputSchema, values);
/** A course's curriculum, keyed by the server's paths (`sections.0.lessons.2.title`). */
export const validateCurriculum = (values: unknown) => firstErrors(curriculumBodySchema, values);
/** A webinar's live session: start (ISO with offset), duration, join link, recording. */
export const validateLiveSession = (values: unknown) => firstErrors(scheduleLiveBodySchema, values);
/** Why an admin sends a creator's draft back (the creator reads it in the studio and by mail). */
export const validateReturnReason = (values: unknown) => firstErrors(revisionReturnBodySchema, values);

/**
 * The slug as the admin types it: normalised like section 5, except that a separator just typed at the
 * end is kept as one hyphen so the next word can follow; the full normalisation runs on leaving the field.
 */
export function normaliseSlugWhileTyping(value: string): string {
  const slug = normaliseSlug(value);
  return slug !== '' && /[\s-]$/.test(value) ? `${slug}-` : slug;
}

export { normaliseSlug };
export { formMessageStrings, shownFieldMessage } from './messages';
