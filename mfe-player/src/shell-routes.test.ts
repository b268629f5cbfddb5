import { describe, expect, it } from 'vitest';
import { PRODUCT_PREFIX, shellRoutes } from './shell-routes';

const readsOf = (pathname: string) =>
  (shellRoutes.pages[0]!.firstReads?.(pathname) ?? []).map(({ endpoint, input, signedIn }) => ({ endpoint: endpoint.join('.'), input, signedIn: !!signedIn }));

describe("the player's first reads", () => {
  it('starts the public outline for anyone and the product page with a session, on a product page', () => {
    expect(readsOf(`${PRODUCT_PREFIX}Intro%20JS`)).toEqual([
      { endpoint: 'curriculum.outline', input: { params: { idOrSlug: 'Intro JS' } }, signedIn: false },
      { endpoint: 'product.getPremium', input: { params: { idOrSlug: 'Intro JS' } }, signedIn: true },
    ]);
  });

  it("adds the lesson itself on a lesson's address", () => {
    const lessonId = 'b'.repeat(24);
    expect(readsOf(`${PRODUCT_PREFIX}css-grid/lesson/${lessonId}/`)).toEqual([
      { endpoint: 'curriculum.outline', input: { params: { idOrSlug: 'css-grid' } }, signedIn: false },
      { endpoint: 'product.getPremium', input: { params: { idOrSlug: 'css-grid' } }, signedIn: true },
      { endpoint: 'curriculum.lesson', input: { params: { idOrSlug: 'css-grid', lessonId } }, signedIn: true },
    ]);
  });

  it('starts nothing for addresses that are no page', () => {
    expect(readsOf(PRODUCT_PREFIX)).toEqual([]);
    expect(readsOf(`${PRODUCT_PREFIX}css-grid/lesson`)).toEqual([]);
    expect(readsOf(`${PRODUCT_PREFIX}css-grid/reviews/1`)).toEqual([]);
  });
});
