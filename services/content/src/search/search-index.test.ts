import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit } from '@catalyst/contracts';
import { createTestContext, fx, insertFixtures } from '../test-support';
import { listenForSearchChanges } from './search-changes';
import { createPostgresSearch, keptUntilChanged, sharedWhileRunning } from './search-engine';
import { replaceCaptions } from './search.repository';

// How the index is kept (migration 2026-12-05T12-00-00_search_lessons_in_place) and how long answers may be reused.

let ctx: Awaited<ReturnType<typeof createTestContext>>;

const ids = {
  section: '0000000000000000000f0a01',
  grid: '0000000000000000000f0a02',
  tour: '0000000000000000000f0a03',
};
const TOUR_CAPTIONS = '/media/captions/index-test-tour.vtt';

beforeAll(async () => {
  // The catalogue's reads kept 5 s, as shipped.
  ctx = await createTestContext({ catalogCacheTtlMs: 5_000 });
  await insertFixtures(ctx.db);
  await ctx.db
    .insertInto('course_sections')
    .values({ id: ids.section, product_id: fx.css, title: 'Layout', position: 0 })
    .execute();
  await ctx.db
    .insertInto('course_lessons')
    .values([
      {
        id: ids.grid,
        section_id: ids.section,
        product_id: fx.css,
        title: 'Grid areas',
        kind: 'article',
        position: 0,
        duration_seconds: 300,
        video_url: null,
        media_asset_id: null,
        body: '<p>Name the <em>gutters</em> once and place items by name.</p>',
      },
      {
        id: ids.tour,
        section_id: ids.section,
        product_id: fx.css,
        title: 'A short tour',
        kind: 'video',
        position: 1,
        duration_seconds: 60,
        video_url: '/media/videos/index-test-tour.mp4',
        media_asset_id: null,
        body: null,
      },
    ])
    .execute();
});
afterAll(() => ctx.close());

const search = async (q: string) => {
  const res = await ctx.app.request(`/search?q=${encodeURIComponent(q)}`);
  return { res, items: ((await res.json()) as { data: { items: SearchHit[] } }).data.items };
};

describe('the search index', () => {
  it('keeps documents for categories, creators and products only, and none of their text', async () => {
    const { rows } = await sql<{ kind: string; texts: string }>`
      select kind, count(*) filter (where body <> '') as texts from search_documents group by kind order by kind`.execute(
      ctx.db,
    );
    expect(rows.map((r) => [r.kind, Number(r.texts)])).toEqual([
      ['category', 0],
      ['creator', 0],
      ['product', 0],
    ]);
    // yet a lesson is found by its words and a product's snippet is cut from its description
    expect((await search('gutters')).items[0]).toMatchObject({
      _id: fx.css,
      lesson: { _id: ids.grid, title: 'Grid areas' },
    });
    const [hit] = (await search('gutters')).items;
    expect(hit!.snippet.filter((s) => s.match).map((s) => s.text)).toEqual(['gutters']);
  });

  it("finds a lesson's new words in the statement that wrote them, and corrects their misspelling", async () => {
    await ctx.db
      .updateTable('course_lessons')
      .set({ body: '<p>Subgrid lets nested items line up.</p>' })
      .where('id', '=', ids.grid)
      .execute();
    expect((await search('gutters')).items).toEqual([]);
    expect((await search('subgrid')).items[0]?.lesson?._id).toBe(ids.grid);
    const { items } = await search('subgird');
    expect(items[0]?.lesson?._id).toBe(ids.grid);
  });

  it('finds what a video says as soon as its captions are kept, with the second it is said at', async () => {
    expect((await search('zigzag')).items).toEqual([]);
    await replaceCaptions(ctx.db, TOUR_CAPTIONS, [
      { startSeconds: 3, text: 'Welcome to the tour' },
      { startSeconds: 9, text: 'Zigzag patterns repeat across the row' },
    ]);
    const [hit] = (await search('zigzag')).items;
    expect(hit?.lesson).toEqual({ _id: ids.tour, title: 'A short tour', atSeconds: 9 });
    await replaceCaptions(ctx.db, TOUR_CAPTIONS, [{ startSeconds: 3, text: 'Welcome again' }]);
    expect((await search('zigzag')).items).toEqual([]);
  });

  it('never finds a lesson of a product that is not listed', async () => {
    await ctx.db.updateTable('products').set({ is_published: false }).where('id', '=', fx.css).execute();
    try {
      expect((await search('subgrid')).items).toEqual([]);
    } finally {
      await ctx.db.updateTable('products').set({ is_published: true }).where('id', '=', fx.css).execute();
    }
    expect((await search('subgrid')).items).toHaveLength(1);
  });

  it('rebuilds to the same documents and lexicon from the tables', async () => {
    const before = await sql<{ key: string }>`select key from search_documents order by key`.execute(ctx.db);
    const result = await createPostgresSearch(ctx.db).reindex();
    const after = await sql<{ key: string }>`select key from search_documents order by key`.execute(ctx.db);
    expect(after.rows).toEqual(before.rows);
    expect(result.documents).toBe(before.rows.length);
    expect((await search('subgird')).items[0]?.lesson?._id).toBe(ids.grid);
  });
});

describe('reuse of search answers', () => {
  it('lets a shared cache keep a search or a suggestion for one second at most', async () => {
    const { res } = await search('subgrid');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1');
    const suggest = await ctx.app.request('/search/suggest?q=css');
    expect(suggest.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1');
  });
});

describe('sharedWhileRunning', () => {
  it('reads once for the same question asked while it runs, and again once it has answered', async () => {
    const reads: string[] = [];
    let finish: (answer: string) => void = () => undefined;
    const ask = sharedWhileRunning(String, (q: string) => {
      reads.push(q);
      return new Promise<string>((resolve) => (finish = resolve));
    });
    const first = ask('python');
    const second = ask('python');
    finish('answer 1');
    expect(await Promise.all([first, second])).toEqual(['answer 1', 'answer 1']);
    expect(reads).toEqual(['python']);
    const third = ask('python');
    finish('answer 2');
    expect(await third).toBe('answer 2');
    expect(reads).toEqual(['python', 'python']);
  });

  it('keeps no failed read', async () => {
    let calls = 0;
    const ask = sharedWhileRunning(String, async () => {
      calls += 1;
      if (calls === 1) throw new Error('the database went away');
      return 'found';
    });
    await expect(ask('python')).rejects.toThrow('the database went away');
    expect(await ask('python')).toBe('found');
  });
});

describe('answers kept until the catalogue changes', () => {
  it('gives the kept answer until an edit commits, then the edited one within a second', async () => {
    await ctx.db
      .updateTable('course_lessons')
      .set({ body: '<p>Subgrid lets nested items line up.</p>' })
      .where('id', '=', ids.grid)
      .execute();
    const changes = listenForSearchChanges(ctx.databaseUrl, { warn: () => undefined });
    try {
      await expect.poll(() => changes.generation()).toBeTypeOf('number');
      const engine = createPostgresSearch(ctx.db, changes);
      const query = { q: 'subgrid', sort: 'relevance', cursor: 0 } as const;
      const first = await engine.search(query);
      expect(first.items.map((hit) => hit.lesson?._id)).toEqual([ids.grid]);
      expect(await engine.search(query)).toBe(first);
      await ctx.db
        .updateTable('course_lessons')
        .set({ body: '<p>Masonry stacks items in columns.</p>' })
        .where('id', '=', ids.grid)
        .execute();
      await expect
        .poll(async () => (await engine.search(query)).items.map((hit) => hit.lesson?._id), {
          timeout: 1_000,
        })
        .toEqual([]);
      const masonry = await engine.search({ ...query, q: 'masonry' });
      expect(masonry.items.map((hit) => hit.lesson?._id)).toEqual([ids.grid]);
    } finally {
      await changes.close();
    }
  });

  it('keeps nothing while it cannot tell whether the catalogue changed', async () => {
    let reads = 0;
    let generation: number | undefined;
    const ask = keptUntilChanged(String, async (q: string) => `${q} ${++reads}`, {
      generation: () => generation,
      close: async () => undefined,
    });
    expect(await ask('python')).toBe('python 1');
    expect(await ask('python')).toBe('python 2');
    generation = 7;
    expect(await ask('python')).toBe('python 3');
    expect(await ask('python')).toBe('python 3');
    generation = 8;
    expect(await ask('python')).toBe('python 4');
  });
});
