// How the category screens word a failed load or save (spec section 8, verbatim).
import { CATEGORY_ID_LENGTH } from '@catalyst/contracts';
import { isApiRequestError } from '@catalyst/web-kit';
import type { LoadFailure } from '../common/useEntityForm';
import { adminStrings } from '../i18n/en';

const { t } = adminStrings;

export type { LoadFailure };

/** An id that cannot be a category's is refused before asking the server. */
export function checkCategoryId(id: string | undefined): LoadFailure | null {
  if (!id || id.length !== CATEGORY_ID_LENGTH)
    return { message: t('categories.invalidIdFormat'), redirectAfterMs: 2000 };
  return null;
}

export function categoryLoadFailure(error: unknown): LoadFailure {
  const status = isApiRequestError(error) ? error.status : undefined;
  if (status === 404) return { message: t('categories.notFound'), redirectAfterMs: 3000 };
  if (status === 500) return { message: t('categories.serverError') };
  if (status === 400) return { message: t('categories.invalidId'), redirectAfterMs: 2000 };
  const message = error instanceof Error ? error.message : '';
  return {
    message: message ? t('categories.loadError', { reason: message }) : t('categories.loadOneFailed'),
  };
}

export function categorySaveFailure(error: unknown): string {
  const status = isApiRequestError(error) ? error.status : undefined;
  if (status === 409)
    return isApiRequestError(error) && error.fieldError('slug')
      ? t('categories.slugConflict')
      : t('categories.conflict');
  if (status === 400) return t('categories.invalid');
  const message = error instanceof Error ? error.message : '';
  return message || t('categories.saveFailed');
}
