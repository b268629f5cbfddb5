import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { recommendationRoutes, routeUrl, type Recommendations } from '@catalyst/contracts';
import { testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, fx, insertFixtures, type Caller, type TestContext } from '../test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db);
  // Enrolments rank "popular"; Pandas is the one published this week; CSS and SQL carry ratings.
  for (const [id, enrolled] of [
    [fx.react, 50],
    [fx.sql, 40],
    [fx.css, 10],
    [fx.pandas, 5],
    [fx.draft, 500],
  ] as const)
    await ctx.db.updateTable('products').set({ enrolled_students: enrolled }).where('id', '=', id).execute();
  await sql`update products set created_at = now() - interval '2 days' where id = ${fx.pandas}`.execute(
    ctx.db,
  );
  await ctx.db
    .updateTable('products')
    .set({ rating_average: '4.50', rating_count: 12 })
    .where('id', '=', fx.css)
    .execute();
  await ctx.db
    .updateTable('products')
    .set({ rating_average: '5.00', rating_count: 3 })
    .where('id', '=', fx.sql)
    .execute();
});
afterAll(() => ctx.close());

/** Pandas, published two days ago, is the one new product: no one has completed it. */
const newThisWeek = {
  kind: 'new',
  title: 'New this week',
  reason: 'Published in the last 7 days',
  products: ['Pandas for Analysts'],
};

const rowsPath = routeUrl(recommendationRoutes.rows).replace(/^\/api\/v1/, '');
async function rowsFor(caller: Caller) {
  const { status, body } = await ctx.call(caller, 'GET', rowsPath);
  expect(status).toBe(200);
  return (body as { data: Recommendations }).data.rows.map((row) => ({
    kind: row.kind,
    title: row.title,
    reason: row.reason,
    products: row.products.map((product) => product.title),
  }));
}

describe('GET /content/recommendations', () => {
  it('shows a visitor the popular and new rows only, each saying why', async () => {
    expect(await rowsFor('anonymous')).toEqual([
      {
        kind: 'popular',
        title: 'Popular with learners',
        reason: 'The courses most learners enrolled in',
        // Most enrolled first; the draft, with the most, is not listed.
        products: ['React Basics', 'SQL Window Functions', 'Modern CSS Layouts', 'Pandas for Analysts'],
      },
      newThisWeek,
    ]);
  });

  it('gives a learner rows because of what they watched, never a completed product, leaving empty rows out', async () => {
    // The learner is in Pandas and finished SQL; co-watchers of Pandas watched SQL most, then CSS, then React.
    ctx.peers.state.signals.set(testUsers.learner.id, {
      watched: [fx.pandas, fx.sql],
      completed: [fx.sql],
      coWatched: [
        {
          productId: fx.pandas,
          others: [
            { productId: fx.sql, learners: 3 },
            { productId: fx.draft, learners: 3 },
            { productId: fx.css, learners: 2 },
            { productId: fx.react, learners: 1 },
          ],
        },
        { productId: fx.sql, others: [{ productId: fx.pandas, learners: 3 }] },
      ],
    });
    expect(await rowsFor('learner')).toEqual([
      {
        kind: 'because-watched',
        title: 'Because you watched Pandas for Analysts',
        reason: 'Learners who watched Pandas for Analysts also watched these',
        // SQL is completed and the draft is not listed: the rest keep the co-watching order.
        products: ['Modern CSS Layouts', 'React Basics'],
      },
      // SQL's co-watchers watched only Pandas, which the learner is in: no row. Data Science holds nothing
      // the learner has not started: no "Popular in Data Science" row either.
      newThisWeek,
      {
        kind: 'top-rated',
        title: 'Top rated',
        reason: 'Rated highest by the learners who took them',
        // SQL (5.0) is completed: CSS (4.5) is left.
        products: ['Modern CSS Layouts'],
      },
    ]);
  });

  it('names the category the learner watches in its popular row', async () => {
    ctx.peers.state.signals.set(testUsers.subscriber.id, {
      watched: [fx.react],
      completed: [],
      coWatched: [{ productId: fx.react, others: [] }],
    });
    const rows = await rowsFor('subscriber');
    expect(rows.map((row) => row.title)).toEqual([
      'Popular in Web Development',
      'New this week',
      'Top rated',
    ]);
    expect(rows[0]).toEqual({
      kind: 'popular-in-category',
      title: 'Popular in Web Development',
      reason: 'The most enrolled courses in Web Development, a category you watch',
      products: ['Modern CSS Layouts'],
    });
    expect(rows[2]!.products).toEqual(['SQL Window Functions', 'Modern CSS Layouts']);
  });

  it('gives a learner who watched nothing the popular, new and top rated rows', async () => {
    const rows = await rowsFor('admin');
    expect(rows.map((row) => row.kind)).toEqual(['popular', 'new', 'top-rated']);
  });

  it('still answers the general rows while progress is down', async () => {
    ctx.peers.state.down.add('progress');
    try {
      const rows = await rowsFor('learner');
      expect(rows.map((row) => row.kind)).toEqual(['popular', 'new', 'top-rated']);
      expect(rows[2]!.products).toEqual(['SQL Window Functions', 'Modern CSS Layouts']);
    } finally {
      ctx.peers.state.down.delete('progress');
    }
  });
});
