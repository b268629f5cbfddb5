import type { LearningPath, PathInput } from '@catalyst/contracts';

/** One item as the form holds it: the product and what the admin reads of it. */
export interface PathFormItem {
  productId: string;
  title: string;
  type: string;
  isPublished: boolean;
}

export interface PathFormValues {
  title: string;
  description: string;
  slug: string;
  level: string;
  estimatedHours: string;
  isPublished: boolean;
  items: PathFormItem[];
}

export const emptyPath: PathFormValues = {
  title: '',
  description: '',
  slug: '',
  level: 'beginner',
  estimatedHours: '',
  isPublished: false,
  items: [],
};

export const pathToForm = (path: LearningPath): PathFormValues => ({
  title: path.title,
  description: path.description,
  slug: path.slug,
  level: path.level,
  estimatedHours: String(path.estimatedHours),
  isPublished: path.isPublished,
  items: path.items.map((item) => ({
    productId: item.productId,
    title: item.title,
    type: item.type,
    isPublished: item.isPublished,
  })),
});

/** What the form sends: the items as product ids in their order. */
export const pathPayload = (values: PathFormValues): PathInput => ({
  title: values.title,
  description: values.description,
  slug: values.slug,
  level: values.level as PathInput['level'],
  estimatedHours: values.estimatedHours,
  isPublished: values.isPublished,
  items: values.items.map((item) => item.productId),
});

/** The path as the list's publish toggle sends it back, with its flag flipped. */
export const pathWithPublished = (path: LearningPath, isPublished: boolean): PathInput => ({
  ...pathPayload(pathToForm(path)),
  isPublished,
});

/** The items moved: `from` to `to` (each within the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}
