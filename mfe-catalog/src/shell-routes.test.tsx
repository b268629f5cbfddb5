import { render, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  categoryRoutes,
  creatorRoutes,
  curriculumRoutes,
  productRoutes,
  progressRoutes,
  reviewRoutes,
  subscriptionRoutes,
} from '@catalyst/contracts';
import { api, type Endpoint } from '@catalyst/web-kit';
import type { FirstRead } from '@catalyst/web-kit/pages';
import { fakeApi } from '@catalyst/web-kit/testing';
import { BrowsePage } from './browse/BrowsePage';
import { CategoryPage } from './category/CategoryPage';
import CourseLandingPage from './course/CourseLandingPage';
import { CreatorLibraryPage } from './creator/CreatorLibraryPage';
import PathRoutes from './paths/PathRoutes';
import { shellRoutes } from './shell-routes';
import { category, creator, product } from './testing/fixtures';

const [browse] = shellRoutes.pages;

/** The address each first read asks for, as the shell's preloader would ask (after /api/v1). */
const addressesOf = (pathname: string, search = '') =>
  (browse!.firstReads?.(pathname, search) ?? []).map((read) => {
    const [group, name] = read.endpoint;
    const endpoint = (api[group] as unknown as Record<string, Endpoint<never>>)[name]!;
    return {
      url: (endpoint.url as (input?: unknown) => string)(read.input).replace(/^\/api\/v1/, ''),
      signedIn: !!read.signedIn,
    };
  });

const CREATOR = 'd00000000000000000000001';

/** The catalogue's pages (as BrowseRoutes routes them, past its subscription guard) with every read answered; what they ask for is recorded. */
function openPage(path: string, products = [product()]) {
  const stub = fakeApi()
    .on(categoryRoutes.list, { items: [category()], total: 1, page: 1, limit: 100 })
    .on(categoryRoutes.getPremium, category())
    .on(creatorRoutes.listOfCategory, [creator({ _id: CREATOR, id: CREATOR })])
    .on(creatorRoutes.listProducts, products)
    .on(creatorRoutes.listProductsInCategory, products)
    .on(progressRoutes.forCategory, {
      category: 'web-development',
      items: [],
      total: 0,
      started: 0,
      completed: 0,
      percent: 0,
    })
    .on(subscriptionRoutes.status, {
      hasSubscription: true,
      plan: 'premium',
      status: 'active',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/browse" element={<BrowsePage />} />
        <Route path="/browse/category/:categorySlug" element={<CategoryPage />} />
        <Route path="/browse/category/:categorySlug/creator/:creatorId" element={<CreatorLibraryPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return stub;
}

afterEach(() => vi.unstubAllGlobals());

describe("the catalogue's first reads (started by the shell beside the remote's code)", () => {
  it('are the reads each page makes itself, at the same address, so the page takes their answers', async () => {
    const pages = [
      '/browse',
      '/browse/category/web-development',
      `/browse/category/web-development/creator/${CREATOR}`,
    ];
    for (const path of pages) {
      const reads = addressesOf(path);
      expect(reads.length).toBeGreaterThan(0);
      const stub = openPage(path);
      await waitFor(() =>
        expect(stub.requests()).toEqual(expect.arrayContaining(reads.map((read) => `GET ${read.url}`))),
      );
      vi.unstubAllGlobals();
    }
  });

  it("names the premium reads as needing a session, the category list as anyone's", () => {
    expect(addressesOf('/Browse/')).toEqual([{ url: '/categories?limit=100', signedIn: false }]);
    expect(addressesOf('/browse/category/web-development/')).toEqual([
      { url: '/content/premium/categories/web-development', signedIn: true },
      { url: '/users/premium/categories/web-development/creators', signedIn: true },
    ]);
  });

  it("leaves a library's product list to the page when its address holds a search, a filter or a sort", () => {
    const library = `/browse/category/web-development/creator/${CREATOR}`;
    expect(addressesOf(library).map((read) => read.url)).toContain(
      `/users/premium/products/${CREATOR}/category/web-development`,
    );
    expect(addressesOf(library, '?sort=title').map((read) => read.url)).toEqual([
      '/users/premium/categories/web-development/creators',
      '/content/progress/categories/web-development',
    ]);
  });

  it("hints the library's first thumbnail (its largest paint on a phone) as soon as the product list is in", async () => {
    const library = `/browse/category/web-development/creator/${CREATOR}`;
    const list = browse!
      .firstReads?.(library)
      .find((read) => read.endpoint.join('.') === 'creator.listProductsInCategory');
    const answer = [
      product({ thumbnail: '/media/thumbnails/first.jpg' }),
      product({ _id: 'e00000000000000000000002', thumbnail: '/media/thumbnails/second.jpg' }),
    ];
    expect(list?.images?.(answer)).toEqual(['/media/thumbnails/first.jpg']);
    // the page shows the same image first, fetched at once
    openPage(library, answer);
    await waitFor(() => expect(document.querySelectorAll('img')).toHaveLength(2));
    const [first, second] = [...document.querySelectorAll('img')];
    expect(first?.getAttribute('src')).toBe('/media/thumbnails/first.jpg');
    expect([first?.getAttribute('loading'), first?.getAttribute('fetchpriority')]).toEqual([null, 'high']);
    expect([second?.getAttribute('loading'), second?.getAttribute('fetchpriority')]).toEqual(['lazy', null]);
    expect(list?.images?.([])).toEqual([undefined]);
  });

  it('reads nothing for addresses that are no page of the catalogue, or are malformed', () => {
    for (const path of [
      '/browse/category',
      '/browse/category/a/creator',
      '/browse/category/a/b/c',
      '/browse/other/a',
      '/browse/category/%E0%A4%A',
    ])
      expect(addressesOf(path)).toEqual([]);
  });

  it("are the course page's reads: the product by its slug, then its outline, first reviews and category's others", async () => {
    const course = shellRoutes.pages.find((page) => page.module === './CourseLandingPage')!;
    const urlOf = (read: FirstRead) => {
      const [group, name] = read.endpoint;
      const endpoint = (api[group] as unknown as Record<string, Endpoint<never>>)[name]!;
      return (endpoint.url as (input?: unknown) => string)(read.input).replace(/^\/api\/v1/, '');
    };
    const [first, ...others] = course.firstReads?.('/courses/react-hooks') ?? [];
    expect(others).toEqual([]);
    expect(urlOf(first!)).toBe('/content/products/react-hooks');
    const answer = product();
    const then = (first!.then?.(answer) ?? []).map(urlOf);
    expect(then).toEqual([
      `/content/products/${answer._id}/curriculum`,
      `/content/products/${answer._id}/reviews?sort=helpful&limit=3`,
      `/content/products?category=web-development&limit=5`,
    ]);
    expect(first!.then?.(undefined)).toEqual([]);
    for (const path of ['/courses/', '/courses/a/b']) expect(course.firstReads?.(path)).toEqual([]);
    // the page asks for the same addresses, so it takes the answers the shell started
    const stub = fakeApi()
      .on(productRoutes.get, answer)
      .on(curriculumRoutes.outline, {
        productId: answer._id,
        version: 1,
        lessonCount: 0,
        durationSeconds: 0,
        sections: [],
      })
      .on(reviewRoutes.list, { items: [], total: 0, nextCursor: null, rating: { average: null, count: 0 } })
      .on(productRoutes.list, { items: [answer], total: 1, page: 1, limit: 5 });
    render(
      <MemoryRouter initialEntries={['/courses/react-hooks']}>
        <Routes>
          <Route path="/courses/*" element={<CourseLandingPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(stub.requests()).toEqual(
        expect.arrayContaining(['/content/products/react-hooks', ...then].map((url) => `GET ${url}`)),
      ),
    );
  });
});

describe("Browse → Paths' first reads", () => {
  const paths = shellRoutes.pages.find((page) => page.module === './PathRoutes')!;
  const urlsOf = (pathname: string) =>
    (paths.firstReads?.(pathname) ?? []).map((read) => {
      const [group, name] = read.endpoint;
      const endpoint = (api[group] as unknown as Record<string, Endpoint<never>>)[name]!;
      return (endpoint.url as (input?: unknown) => string)(read.input).replace(/^\/api\/v1/, '');
    });

  it('are the reads the paths pages make themselves, at the same address', async () => {
    expect(urlsOf('/Paths/')).toEqual(['/content/paths']);
    expect(urlsOf('/paths/start-with-the-web')).toEqual(['/content/paths/start-with-the-web']);
    expect(urlsOf('/paths/a/b')).toEqual([]);
    for (const [path, url] of [
      ['/paths', '/content/paths'],
      ['/paths/start-with-the-web', '/content/paths/start-with-the-web'],
    ] as const) {
      const stub = fakeApi();
      render(
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/paths/*" element={<PathRoutes />} />
          </Routes>
        </MemoryRouter>,
      );
      await waitFor(() => expect(stub.requests()).toContain(`GET ${url}`));
      vi.unstubAllGlobals();
    }
  });
});
