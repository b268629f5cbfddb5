// The category and creator forms hold the same fields (spec section 5): one set of values and one payload.
import type { CategoryValues, CreatorValues } from '@catalyst/contracts';
import { normaliseSlug } from '../forms/validation';

/** As the form holds them: sortOrder is the text typed. */
export interface GroupFormValues {
  name: string;
  description: string;
  slug: string;
  icon: string;
  color: string;
  isActive: boolean;
  sortOrder: string;
}

export function groupToForm(saved: CategoryValues | CreatorValues): GroupFormValues {
  return {
    name: saved.name,
    description: saved.description,
    slug: saved.slug,
    icon: saved.icon,
    color: saved.color,
    isActive: saved.isActive,
    sortOrder: String(saved.sortOrder),
  };
}

/** What is sent on save: trimmed text, the slug normalised, sortOrder as an integer (0 when empty). */
export function groupPayload(values: GroupFormValues): CategoryValues & CreatorValues {
  const sortOrder = Number.parseInt(values.sortOrder, 10);
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    slug: normaliseSlug(values.slug),
    icon: values.icon,
    color: values.color,
    isActive: values.isActive,
    sortOrder: Number.isNaN(sortOrder) ? 0 : sortOrder,
  };
}

/** Shows the sent values in the form as soon as Save is pressed. */
export const showGroupPayload = (
  current: GroupFormValues,
  payload: CategoryValues | CreatorValues,
): GroupFormValues => ({
  ...current,
  ...payload,
  sortOrder: String(payload.sortOrder),
});
