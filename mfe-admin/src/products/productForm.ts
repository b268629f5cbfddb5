// The product form's values and what they become on save (spec sections 3 and 5).
import {
  parseTags,
  type AdminProduct,
  type ProductDraft,
  type ProductInput,
  type ProductType,
} from '@catalyst/contracts';

export interface ProductFormValues {
  title: string;
  description: string;
  content: string;
  category: string;
  creator: string;
  type: ProductType;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  duration: string;
  thumbnail: string;
  videoUrl: string;
  /** An uploaded video (media asset id), or '' for none. */
  mediaAssetId: string;
  /** Comma-separated, as the admin types them. */
  tags: string;
  price: string;
  instructor: string;
  slug: string;
  isActive: boolean;
  isPublished: boolean;
  isFeatured: boolean;
  sortOrder: string;
}

/** The admin form's defaults: type course, difficulty beginner, active, not featured, sortOrder 0. */
export const emptyProduct: ProductFormValues = {
  title: '',
  description: '',
  content: '',
  category: '',
  creator: '',
  type: 'course',
  difficulty: 'beginner',
  duration: '',
  thumbnail: '',
  videoUrl: '',
  mediaAssetId: '',
  tags: '',
  price: '',
  instructor: '',
  slug: '',
  isActive: true,
  isPublished: false,
  isFeatured: false,
  sortOrder: '0',
};

export function productToForm(product: AdminProduct): ProductFormValues {
  return draftToForm({ ...product, category: product.categoryId, creator: product.creatorId });
}

/** A studio draft's values (as the form once sent them) back in the form; a draft without a slug shows the product's. */
export function draftToForm(draft: ProductDraft, productSlug = ''): ProductFormValues {
  const product = { ...draft, slug: draft.slug ?? productSlug };
  return {
    title: product.title,
    description: product.description,
    content: product.content ?? '',
    category: product.category,
    creator: product.creator,
    type: product.type,
    difficulty: product.difficulty,
    duration: product.duration === null ? '' : String(product.duration),
    thumbnail: product.thumbnail ?? '',
    videoUrl: product.videoUrl ?? '',
    mediaAssetId: product.mediaAssetId ?? '',
    tags: product.tags.join(', '),
    price: product.price === null ? '' : String(product.price),
    instructor: product.instructor ?? '',
    slug: product.slug,
    isActive: product.isActive,
    isPublished: product.isPublished,
    isFeatured: product.isFeatured,
    sortOrder: String(product.sortOrder),
  };
}

/** Trimmed text, tags split by comma with empty entries dropped, sortOrder as an integer (0 when empty). */
export function productPayload(values: ProductFormValues): ProductInput {
  const sortOrder = Number.parseInt(values.sortOrder, 10);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    content: values.content.trim() === '' ? null : values.content,
    category: values.category,
    creator: values.creator,
    type: values.type,
    difficulty: values.difficulty,
    duration: values.duration.trim() === '' ? null : values.duration.trim(),
    thumbnail: values.thumbnail.trim() || null,
    videoUrl: values.videoUrl.trim() || null,
    mediaAssetId: values.mediaAssetId || null,
    tags: parseTags(values.tags),
    price: values.price.trim() === '' ? null : values.price.trim(),
    instructor: values.instructor.trim() || null,
    slug: values.slug.trim() || null,
    isActive: values.isActive,
    isPublished: values.isPublished,
    isFeatured: values.isFeatured,
    sortOrder: Number.isNaN(sortOrder) ? 0 : sortOrder,
  };
}
