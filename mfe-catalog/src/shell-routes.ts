import { pathSegmentsAfter, type FirstRead, type RemoteRouteTable } from '@catalyst/web-kit/pages';

/** The course page's first reviews and other products of its category (CourseLandingPage reads as many). */
export const FIRST_REVIEWS = 3;
export const RELATED = 4;

/** /browse: the first page of public categories (the whole catalogue, searched in the browser, when it holds no more; see useCategories). */
export const BROWSE_CATEGORIES_READ = {
  endpoint: ['category', 'list'],
  input: { query: { limit: 100 } },
} satisfies FirstRead;

const BROWSE_PREFIX = '/browse/';

/** A creator's products in a category, at the library's plain address; the first card's thumbnail is its largest paint on a phone. */
const libraryProductsRead = (creator: string, category: string): FirstRead => ({
  endpoint: ['creator', 'listProductsInCategory'],
  input: { params: { creator, category } },
  signedIn: true,
  images: (data: unknown) => [(data as Array<{ thumbnail?: string | null }> | undefined)?.[0]?.thumbnail],
});

/** A category's creators: the category page's list, and the creator's card on a library page. */
const creatorsRead = (idOrSlug: string): FirstRead => ({
  endpoint: ['creator', 'listOfCategory'],
  input: { params: { idOrSlug } },
  signedIn: true,
});

/**
 * The reads each page under /browse/ starts with, as its hooks make them (same endpoint, same input): the
 * category list; a category and its creators; a creator's library in a category, its card and the
 * learner's progress there. Premium reads need a session. A library whose address holds a search, a
 * filter or a sort reads its products by them: only the plain address's list is started here.
 */
function browseReads(pathname: string, search = ''): FirstRead[] {
  if (pathname.toLowerCase().replace(/\/+$/, '') === '/browse') return [BROWSE_CATEGORIES_READ];
  const rest = pathSegmentsAfter(pathname, BROWSE_PREFIX);
  if (!rest) return [];
  const [section, category, kind, creator] = rest;
  if (section?.toLowerCase() !== 'category' || !category) return [];
  if (rest.length === 2)
    return [
      { endpoint: ['category', 'getPremium'], input: { params: { idOrSlug: category } }, signedIn: true },
      creatorsRead(category),
    ];
  if (rest.length !== 4 || kind?.toLowerCase() !== 'creator' || !creator) return [];
  return [
    ...(search === '' || search === '?' ? [libraryProductsRead(creator, category)] : []),
    creatorsRead(category),
    { endpoint: ['progress', 'forCategory'], input: { params: { id: category } }, signedIn: true },
  ];
}

const COURSES_PREFIX = '/courses/';
/** What the course page's later reads need of the product (a plain shape: the contracts are not loaded this early). */
type CourseProductAnswer = { _id?: string; category?: { slug?: string } } | undefined;

/**
 * /courses/{slug}, as CourseLandingPage reads it: the product by its slug, then, by its id, the curriculum
 * outline and the first reviews, and its category's other products. All public.
 */
function courseReads(pathname: string): FirstRead[] {
  const rest = pathSegmentsAfter(pathname, COURSES_PREFIX);
  if (rest?.length !== 1 || !rest[0]) return [];
  return [
    {
      endpoint: ['product', 'get'],
      input: { params: { idOrSlug: rest[0] } },
      then: (data) => {
        const product = data as CourseProductAnswer;
        if (!product?._id || !product.category?.slug) return [];
        const byId = { params: { idOrSlug: product._id } };
        return [
          { endpoint: ['curriculum', 'outline'], input: byId },
          {
            endpoint: ['review', 'list'],
            input: { ...byId, query: { sort: 'helpful', limit: FIRST_REVIEWS } },
          },
          {
            endpoint: ['product', 'list'],
            input: { query: { category: product.category.slug, limit: RELATED + 1 } },
          },
        ];
      },
    },
  ];
}

const PATHS_PREFIX = '/paths/';

/** /paths: the published paths; /paths/{slug}: the path (the learner's standing follows, by its id). */
function pathReads(pathname: string): FirstRead[] {
  if (pathname.toLowerCase().replace(/\/+$/, '') === '/paths') return [{ endpoint: ['path', 'list'] }];
  const rest = pathSegmentsAfter(pathname, PATHS_PREFIX);
  if (rest?.length !== 1 || !rest[0]) return [];
  return [{ endpoint: ['path', 'get'], input: { params: { idOrSlug: rest[0] } } }];
}

/** The catalogue's pages, as the shell mounts and preloads them (plain data: read before React loads). */
export const shellRoutes: RemoteRouteTable = {
  remote: 'catalog',
  // every page under /browse/ shows category or creator icons
  pages: [
    {
      path: BROWSE_PREFIX,
      prefix: true,
      module: './BrowseRoutes',
      audience: 'anyone',
      firstReads: browseReads,
      dataIcons: [BROWSE_PREFIX],
    },
    // Browse → Paths: the published learning paths and a path's page (its items; signed in, the learner's progress)
    {
      path: PATHS_PREFIX,
      prefix: true,
      module: './PathRoutes',
      audience: 'anyone',
      firstReads: pathReads,
    },
    // the whole catalogue searched: what a visitor may see, the words, filters, sort and page in the query
    { path: '/search/', prefix: false, module: './SearchPage', audience: 'anyone' },
    // a creator's public page: bio, links, courses, learners and rating; Follow
    {
      path: '/creators/',
      prefix: true,
      module: './CreatorPage',
      audience: 'anyone',
      firstReads: (pathname) => {
        const rest = pathSegmentsAfter(pathname, '/creators/');
        return rest?.length === 1 && rest[0]
          ? [{ endpoint: ['creatorPage', 'get'], input: { params: { slug: rest[0] } } }]
          : [];
      },
    },
    // a published product's public landing page (the gateway paints it with its content: course-pages.ts)
    {
      path: COURSES_PREFIX,
      prefix: true,
      module: './CourseLandingPage',
      audience: 'anyone',
      firstReads: courseReads,
    },
  ],
};
