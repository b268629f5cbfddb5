import {
  COURSE_MESSAGES,
  PREMIUM_REQUIRED_MESSAGE,
  type CourseLessons,
  type Identity,
  type ProductSummary,
} from '@catalyst/contracts';
import { forbidden, notFound, ownItem, type Entitlements } from '@catalyst/service-kit';
import type { CatalogClient } from './catalog-client';

export type CourseLesson = CourseLessons['lessons'][number];

export interface LessonAccess {
  /**
   * Whether the caller may open a product, or one lesson of it: a free-preview lesson opens for every
   * signed-in caller, a free product too, anything else for subscribers and admins. The plan is asked
   * before the 404s, so a refusal says nothing of what exists; an unpublished product is a 404 except for
   * admins, and a lesson the course does not have is a 404. Throws to refuse; answers what it found.
   */
  assertMayOpen(
    identity: Identity,
    productId: string,
    lessonId: string | null | undefined,
    requestId?: string,
  ): Promise<{ product: ProductSummary; lesson: CourseLesson | null }>;
}

/** The one "may this caller open this product or lesson" decision (content's own rule, asked of content and billing). */
export function createLessonAccess({
  catalog,
  entitlements,
}: {
  catalog: Pick<CatalogClient, 'getProduct' | 'courseLessons'>;
  entitlements: Entitlements;
}): LessonAccess {
  return {
    async assertMayOpen(identity, productId, lessonId, requestId) {
      const product = await catalog.getProduct(productId, requestId);
      const lesson =
        lessonId && product
          ? (await catalog.courseLessons(productId, requestId))?.lessons.find((l) => l.id === lessonId)
          : undefined;
      if (!lesson?.isFreePreview && !(await entitlements.mayOpen(identity, product, requestId)))
        throw forbidden(PREMIUM_REQUIRED_MESSAGE);
      if (!product || (!product.isPublished && identity.role !== 'admin' && !ownItem(identity, product)))
        throw notFound('Product not found');
      if (lessonId && !lesson) throw notFound(COURSE_MESSAGES.lessonNotFound);
      return { product, lesson: lesson ?? null };
    },
  };
}
