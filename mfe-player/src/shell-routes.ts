import { pathSegmentsAfter, type FirstRead, type RemoteRouteTable } from '@catalyst/web-kit/pages';
import { videoPosterOf } from '@catalyst/contracts/images';

/** Product pages: /browse/premium/product/<id or slug>, and a course's lessons under …/lesson/<lessonId>. */
export const PRODUCT_PREFIX = '/browse/premium/product/';

// What the first reads need of their answers (plain shapes: the contracts' schemas are not loaded this early).
type OutlineAnswer = { productId?: string; sections?: unknown[] } | undefined;
type ProductAnswer =
  { thumbnail?: string | null; stream?: { assetId?: string; posterUrl?: string | null } | null } | undefined;
type LessonAnswer = { kind?: string; stream?: { posterUrl?: string | null } | null } | undefined;

/**
 * Which image of the product answer a page shows first, as the player picks it (videoPosterOf): the product page's
 * video shows its stream's poster, or its right-sized copy (the thumbnail only without one); a lesson's video
 * without a stream shows the product's thumbnail.
 */
const POSTER_OF = {
  page: (product: ProductAnswer) => videoPosterOf(product?.stream, product?.thumbnail),
  thumbnail: (product: ProductAnswer) => product?.thumbnail,
};

/** The product page's read; the poster its page shows (if any) is hinted as soon as it is in. */
const productRead = (idOrSlug: string, poster: keyof typeof POSTER_OF | null): FirstRead => ({
  endpoint: ['product', 'getPremium'],
  input: { params: { idOrSlug } },
  signedIn: true,
  ...(poster ? { images: (data: unknown) => [POSTER_OF[poster](data as ProductAnswer)] } : {}),
});

/** The player's pages, as the shell mounts and preloads them (plain data: read before React loads). */
export const shellRoutes: RemoteRouteTable = {
  remote: 'player',
  pages: [
    {
      path: PRODUCT_PREFIX,
      prefix: true,
      module: './ProductRoutes',
      audience: 'anyone',
      firstReads: (pathname) => {
        // The product's id or slug as written (ids are case-sensitive); the product page or one of its lessons.
        const rest = pathSegmentsAfter(pathname, PRODUCT_PREFIX);
        if (!rest?.[0]) return [];
        const isLesson = rest.length === 3 && rest[1] === 'lesson' && !!rest[2];
        if (rest.length !== 1 && !isLesson) return [];
        const idOrSlug = rest[0];
        const params = { idOrSlug };
        return [
          // Public: whether the product is a course (the page waits for it), for visitors too. A course's
          // progress needs the product's _id, which the outline carries: it starts as soon as that is in.
          {
            endpoint: ['curriculum', 'outline'],
            input: { params },
            then: (data) => {
              const outline = data as OutlineAnswer;
              return outline?.productId && outline.sections?.length
                ? [
                    {
                      endpoint: ['lessonProgress', 'forCourse'],
                      input: { params: { id: outline.productId } },
                      signedIn: true,
                    },
                  ]
                : [];
            },
          },
          // The video's poster is the product page's largest paint. A lesson's is its stream's poster, or
          // (a video without a stream) the product's thumbnail: hinted once the lesson says which.
          productRead(idOrSlug, isLesson ? null : 'page'),
          ...(isLesson
            ? [
                {
                  endpoint: ['curriculum', 'lesson'] as ['curriculum', 'lesson'],
                  input: { params: { idOrSlug, lessonId: rest[2]! } },
                  signedIn: true,
                  images: (data: unknown) => [(data as LessonAnswer)?.stream?.posterUrl],
                  then: (data: unknown) => {
                    const lesson = data as LessonAnswer;
                    return lesson?.kind === 'video' && !lesson.stream?.posterUrl
                      ? [productRead(idOrSlug, 'thumbnail')]
                      : [];
                  },
                },
              ]
            : []),
        ];
      },
    },
  ],
};
