// How the category screens word a failed load or save (spec section 8, verbatim).
import { CATEGORY_ID_LENGTH, adminMessages } from '@catalyst/contracts';
import { isApiRequestError } from '@catalyst/web-kit';
import type { LoadFailure } from '../common/useEntityForm';

export type { LoadFailure };

/** An id that cannot be a category's is refused before asking the server. */
export function checkCategoryId(id: string | undefined): LoadFailure | null {
  if (!id || id.length !== CATEGORY_ID_LENGTH)
    return { message: adminMessages.categoryInvalidIdFormat, redirectAfterMs: 2000 };
  return null;
}

export function categoryLoadFailure(error: unknown): LoadFailure {
  const status = isApiRequestError(error) ? error.status : undefined;
  if (status === 404) return { message: adminMessages.categoryNotFound, redirectAfterMs: 3000 };
  if (status === 500) return { message: adminMessages.categoryServerError };
  if (status === 400) return { message: adminMessages.categoryInvalidId, redirectAfterMs: 2000 };
  const message = error instanceof Error ? error.message : '';
  return { message: message ? `Error loading category: ${message}` : adminMessages.categoryLoadFailed };
}

export function categorySaveFailure(error: unknown): string {
  const status = isApiRequestError(error) ? error.status : undefined;
  if (status === 409)
    return isApiRequestError(error) && error.fieldError('slug')
      ? adminMessages.categorySlugConflict
      : adminMessages.categoryConflict;
  if (status === 400) return adminMessages.categoryInvalid;
  const message = error instanceof Error ? error.message : '';
  return message || adminMessages.categorySaveFailed;
}
