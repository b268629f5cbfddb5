import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEDIA_ROOT } from '@catalyst/demo';
import type { SearchHit, SearchSegment } from '@catalyst/contracts';
import { createTestContext, fx, insertFixtures } from '../test-support';
import { loadCaptions, parseVtt } from './captions';
import { createPostgresSearch } from './search-engine';
import { searchCatalogue } from './search.repository';

let ctx: Awaited<ReturnType<typeof createTestContext>>;

const ids = {
  python: '0000000000000000000e0101',
  creme: '0000000000000000000e0102',
  foundations: '0000000000000000000e0103',
  zoe: '0000000000000000000d0101',
  section: '0000000000000000000f0101',
  selectors: '0000000000000000000f0201',
  welcome: '0000000000000000000f0202',
};

beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db);
  await ctx.db
    .insertInto('creators')
    .values({
      id: ids.zoe,
      name: 'Zoë Müller',
      description: 'Pastry chef turned programmer',
      slug: 'zoe-muller',
    })
    .execute();
  const base = { is_published: true, thumbnail: null, content: null, created_at: '2026-02-01T00:00:00Z' };
  await ctx.db
    .insertInto('products')
    .values([
      {
        ...base,
        id: ids.python,
        product_id: 'PYTHON01',
        slug: 'python-for-beginners',
        title: 'Python for Beginners',
        description: 'Variables, loops and functions from zero for curious coders',
        category_id: fx.data,
        creator_id: fx.bob,
        type: 'course',
        difficulty: 'beginner',
        duration: 45,
        price: '0',
        enrolled_students: 10,
      },
      {
        ...base,
        id: ids.creme,
        product_id: 'CREME002',
        slug: 'creme-brulee-for-coders',
        title: 'Crème Brûlée for Coders',
        description: 'Café culture meets careful caramel, for curious coders',
        category_id: fx.web,
        creator_id: ids.zoe,
        type: 'video',
        difficulty: 'advanced',
        duration: 200,
        price: '9.00',
        created_at: '2026-04-01T00:00:00Z',
      },
      {
        ...base,
        id: ids.foundations,
        product_id: 'FOUNDS03',
        slug: 'web-foundations',
        title: 'Web Foundations',
        description: 'Everything a page is made of',
        category_id: fx.web,
        creator_id: fx.alice,
        type: 'course',
        difficulty: 'beginner',
        duration: 70,
        price: null,
      },
    ])
    .execute();
  await ctx.db
    .insertInto('course_sections')
    .values({ id: ids.section, product_id: ids.foundations, title: 'Basics', position: 0 })
    .execute();
  await ctx.db
    .insertInto('course_lessons')
    .values([
      {
        id: ids.selectors,
        section_id: ids.section,
        product_id: ids.foundations,
        title: 'Selectors',
        kind: 'article',
        position: 0,
        duration_seconds: 300,
        video_url: null,
        media_asset_id: null,
        body: '<p>The cascade decides which rule wins: <strong>specificity</strong> &amp; order, even in &lt;style&gt; blocks.</p>',
      },
      {
        id: ids.welcome,
        section_id: ids.section,
        product_id: ids.foundations,
        title: 'Welcome',
        kind: 'video',
        position: 1,
        duration_seconds: 30,
        video_url: '/media/videos/lesson-1.mp4',
        media_asset_id: null,
        body: null,
      },
    ])
    .execute();
});
afterAll(() => ctx.close());

const search = async (query: string) => {
  const res = await ctx.app.request(`/search?${query}`);
  return { status: res.status, body: await res.json() };
};
const titles = (items: SearchHit[]) => items.map((hit) => hit.title);
const marked = (segments: SearchSegment[]) =>
  segments.filter((s) => s.match).map((s) => s.text.toLowerCase());

describe('GET /search', () => {
  it('ranks a title match above a tag or description match, and never lists drafts', async () => {
    const { status, body } = await search('q=python');
    expect(status).toBe(200);
    expect(titles(body.data.items)).toEqual(['Python for Beginners', 'Data Science', 'Pandas for Analysts']);
    expect(body.data.items[0]).toMatchObject({
      kind: 'product',
      _id: ids.python,
      slug: 'python-for-beginners',
      type: 'course',
      product: {
        productId: 'PYTHON01',
        isFree: true,
        creatorName: 'Bob Stone',
        categoryName: 'Data Science',
      },
      lesson: null,
    });
    expect(marked(body.data.items[0].titleMarks)).toEqual(['python']);
    expect(body.data.searchedFor).toBeNull();
  });

  it('reads a misspelt word as its nearest indexed word', async () => {
    const { body } = await search('q=pyhton');
    expect(titles(body.data.items)[0]).toBe('Python for Beginners');
    expect(body.data.searchedFor).toBe('python');
  });

  it('matches without accents either way', async () => {
    expect(titles((await search('q=creme%20brulee')).body.data.items)).toEqual(['Crème Brûlée for Coders']);
    expect(titles((await search('q=caf%C3%A9')).body.data.items)).toEqual(['Crème Brûlée for Coders']);
    const creator = (await search('q=zoe%20muller')).body.data.items;
    expect(creator[0]).toMatchObject({
      kind: 'creator',
      title: 'Zoë Müller',
      slug: 'zoe-muller',
      product: null,
    });
  });

  it('finds a word from its first letters', async () => {
    expect(titles((await search('q=pyth')).body.data.items)[0]).toBe('Python for Beginners');
    expect(titles((await search('q=brul')).body.data.items)).toEqual(['Crème Brûlée for Coders']);
  });

  it("names the lesson whose text matched, with the words marked in the lesson's snippet", async () => {
    const { body } = await search('q=specificity');
    expect(body.data.items).toHaveLength(1);
    const [hit] = body.data.items;
    expect(hit).toMatchObject({
      kind: 'product',
      _id: ids.foundations,
      title: 'Web Foundations',
      lesson: { _id: ids.selectors, title: 'Selectors', atSeconds: null },
    });
    expect(marked(hit.snippet)).toEqual(['specificity']);
    // The article's text as a reader sees it: its tags left out, its escaped characters as they show.
    expect(hit.snippet.map((s: SearchSegment) => s.text).join('')).toContain(
      'specificity & order, even in <style> blocks',
    );
  });

  it("keeps no lesson's text in the index, yet corrects a misspelt word only a lesson holds", async () => {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from search_documents where kind = 'lesson' and body <> ''`.execute(ctx.db);
    expect(Number(rows[0]!.n)).toBe(0);
    const { body } = await search('q=specifcity');
    expect(body.data.searchedFor).toBe('specificity');
    expect(titles(body.data.items)).toEqual(['Web Foundations']);
  });

  it('ranks lessons up to the cap, and categories, creators and products always', async () => {
    const query = { sort: 'relevance', cursor: 0 } as const;
    const capped = await searchCatalogue(ctx.db, { ...query, q: 'specificity' }, { lessonCandidates: 1 });
    expect(capped.items.map((hit) => hit.lesson?.title)).toEqual(['Selectors']);
    const none = await searchCatalogue(ctx.db, { ...query, q: 'specificity' }, { lessonCandidates: 0 });
    expect(none.items).toEqual([]);
    const own = await searchCatalogue(ctx.db, { ...query, q: 'foundations' }, { lessonCandidates: 0 });
    expect(titles(own.items)).toEqual(['Web Foundations']);
  });

  it('says the total and the facet counts are lower bounds when more lessons matched than are ranked', async () => {
    const lesson = (id: string, position: number) => ({
      id,
      section_id: ids.section,
      product_id: ids.foundations,
      title: `Motion ${position}`,
      kind: 'article' as const,
      position,
      duration_seconds: 60,
      video_url: null,
      media_asset_id: null,
      body: '<p>Animate with keyframes.</p>',
    });
    const added = ['0000000000000000000f0301', '0000000000000000000f0302'];
    await ctx.db
      .insertInto('course_lessons')
      .values([lesson(added[0]!, 10), lesson(added[1]!, 11)])
      .execute();
    try {
      const query = { q: 'keyframes', sort: 'relevance', cursor: 0 } as const;
      // two lessons hold the word, one is ranked: its product is counted, but more may hide behind the other
      const capped = await searchCatalogue(ctx.db, query, { lessonCandidates: 1 });
      expect(titles(capped.items)).toEqual(['Web Foundations']);
      expect(capped).toMatchObject({ total: 1, totalAtLeast: true, facetsAtLeast: true });
      expect(capped.facets.categoryId).toEqual([{ value: fx.web, label: 'Web Development', count: 1 }]);
      // every lesson that matched was ranked: the counts are exact
      const whole = await searchCatalogue(ctx.db, query, { lessonCandidates: 2 });
      expect(whole).toMatchObject({ total: 1, totalAtLeast: false, facetsAtLeast: false });
      const { body } = await search('q=keyframes');
      expect(body.data).toMatchObject({ total: 1, totalAtLeast: false, facetsAtLeast: false });
    } finally {
      await ctx.db.deleteFrom('course_lessons').where('id', 'in', added).execute();
    }
  });

  it('counts facets over every match and filters by them', async () => {
    const { body } = await search('q=curious');
    expect(body.data.total).toBe(2);
    expect(body.data.facets).toEqual({
      type: [
        { value: 'course', label: 'Course', count: 1 },
        { value: 'video', label: 'Video', count: 1 },
      ],
      categoryId: [
        { value: fx.data, label: 'Data Science', count: 1 },
        { value: fx.web, label: 'Web Development', count: 1 },
      ],
      level: [
        { value: 'beginner', label: 'Beginner', count: 1 },
        { value: 'advanced', label: 'Advanced', count: 1 },
      ],
      free: [
        { value: true, label: 'Free', count: 1 },
        { value: false, label: 'Premium', count: 1 },
      ],
      duration: [
        { value: 'short', label: 'Under 1 hour', count: 1 },
        { value: 'long', label: 'Over 3 hours', count: 1 },
      ],
    });
    const beginner = await search('q=curious&level=beginner');
    expect(titles(beginner.body.data.items)).toEqual(['Python for Beginners']);
    expect(beginner.body.data.total).toBe(1);
    expect(beginner.body.data.facets.level).toHaveLength(2);
    const free = await search('q=curious&free=true');
    expect(titles(free.body.data.items)).toEqual(['Python for Beginners']);
    const long = await search('q=curious&duration=long');
    expect(titles(long.body.data.items)).toEqual(['Crème Brûlée for Coders']);
    const categories = await search('q=data&type=category');
    expect(titles(categories.body.data.items)).toEqual(['Data Science']);
    const inWeb = await search(`q=curious&categoryId=${fx.web}`);
    expect(titles(inWeb.body.data.items)).toEqual(['Crème Brûlée for Coders']);
  });

  it('sorts by newest, by popularity and by rating', async () => {
    const newest = await search('q=curious&sort=newest');
    expect(titles(newest.body.data.items)).toEqual(['Crème Brûlée for Coders', 'Python for Beginners']);
    const popular = await search('q=curious&sort=popular');
    expect(titles(popular.body.data.items)).toEqual(['Python for Beginners', 'Crème Brûlée for Coders']);
    await ctx.db
      .updateTable('products')
      .set({ rating_average: '4.50', rating_count: 2 })
      .where('id', '=', ids.creme)
      .execute();
    await ctx.db
      .updateTable('products')
      .set({ rating_average: '3.00', rating_count: 1 })
      .where('id', '=', ids.python)
      .execute();
    const rated = await search('q=curious&sort=rating');
    expect(titles(rated.body.data.items)).toEqual(['Crème Brûlée for Coders', 'Python for Beginners']);
  });

  it('pages with a cursor until the last page', async () => {
    const extra = Array.from({ length: 23 }, (_, i) => ({
      id: `0000000000000000000e1${String(i).padStart(3, '0')}`,
      product_id: `DRILL${String(i).padStart(3, '0')}`,
      slug: `drill-${i}`,
      title: `Keyboard Drill ${i}`,
      description: 'Practice',
      category_id: fx.web,
      creator_id: fx.alice,
      is_published: true,
    }));
    await ctx.db.insertInto('products').values(extra).execute();
    const first = await search('q=drill');
    expect(first.body.data.items).toHaveLength(20);
    expect(first.body.data.total).toBe(23);
    expect(first.body.data.nextCursor).toBe('o20');
    const second = await search(`q=drill&cursor=${first.body.data.nextCursor}`);
    expect(second.body.data.items).toHaveLength(3);
    expect(second.body.data.nextCursor).toBeNull();
    const seen = new Set([...first.body.data.items, ...second.body.data.items].map((hit) => hit._id));
    expect(seen.size).toBe(23);
    // Every result of either page shows its snippet (only the row read past a page to find the next goes without).
    const snippets = [...first.body.data.items, ...second.body.data.items].map((hit: SearchHit) =>
      hit.snippet.map((s) => s.text).join(''),
    );
    expect(snippets).toEqual(Array.from({ length: 23 }, () => 'Practice'));
  });

  it('keeps the index in step with edits in the same transaction', async () => {
    await ctx.db
      .updateTable('products')
      .set({ title: 'Rust for Coders' })
      .where('id', '=', ids.creme)
      .execute();
    expect(titles((await search('q=rust')).body.data.items)).toEqual(['Rust for Coders']);
    expect((await search('q=brulee')).body.data.items).toEqual([]);
    await ctx.db
      .updateTable('course_lessons')
      .set({ body: '<p>Margins collapse between blocks.</p>' })
      .where('id', '=', ids.selectors)
      .execute();
    expect((await search('q=specificity')).body.data.items).toEqual([]);
    expect((await search('q=margins')).body.data.items[0].lesson.title).toBe('Selectors');
    await ctx.db.updateTable('products').set({ is_published: false }).where('id', '=', ids.creme).execute();
    expect((await search('q=rust')).body.data.items).toEqual([]);
    await ctx.db
      .updateTable('categories')
      .set({ name: 'Data Wrangling' })
      .where('id', '=', fx.data)
      .execute();
    const renamed = (await search('q=wrangling')).body.data.items;
    expect(titles(renamed)).toEqual(expect.arrayContaining(['Data Wrangling', 'Python for Beginners']));
  });

  it('finds words said in a video with the lesson and the second they are said at', async () => {
    expect(await loadCaptions(ctx.db, DEMO_MEDIA_ROOT)).toBeGreaterThan(0);
    await createPostgresSearch(ctx.db).reindex();
    const { body } = await search('q=position%20saved');
    const hit = body.data.items.find((h: SearchHit) => h._id === ids.foundations);
    expect(hit.lesson).toEqual({ _id: ids.welcome, title: 'Welcome', atSeconds: 12 });
    expect(marked(hit.snippet)).toEqual(expect.arrayContaining(['position', 'saved']));
  });

  it('refuses an empty, too long or malformed search in the one error shape', async () => {
    const cases: [string, string][] = [
      ['q=', 'Type something to search for'],
      ['', 'Type something to search for'],
      [`q=${'a'.repeat(101)}`, 'Search must be at most 100 characters'],
      [
        'q=python&type=podcast',
        'Type must be one of: category, creator, course, tutorial, video, document, webinar',
      ],
      ['q=python&cursor=zzz', 'This results page is no longer valid: start the search again'],
      ['q=python&cursor=o5000', 'This results page is no longer valid: start the search again'],
      ['q=python&sort=cheapest', 'Sort must be one of: relevance, newest, rating, popular'],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await search(query);
      expect({ query, status, success: body.success, message: body.message }).toEqual({
        query,
        status: 400,
        success: false,
        message,
      });
    }
  });

  it('answers nothing for words no document holds, only punctuation or only stop words', async () => {
    for (const q of ['xylophonequartz', encodeURIComponent("!!! ' & | :*"), 'the%20of']) {
      const { status, body } = await search(`q=${q}`);
      expect({ q, status, data: body.data }).toMatchObject({
        q,
        status: 200,
        data: { items: [], total: 0, nextCursor: null },
      });
    }
  });

  it('reads tsquery syntax in the words as plain words', async () => {
    const { body } = await search(`q=${encodeURIComponent('python:* & !beginners')}`);
    expect(titles(body.data.items)).toEqual(['Python for Beginners']);
  });

  it('prepares a search once a connection, whatever its words', async () => {
    const uses = await ctx.db.connection().execute(async (connection) => {
      // Each prepared search statement of this connection (other tests' filters and sorts among them): its runs.
      const runs = async () => {
        const { rows } = await sql<{ name: string; runs: number }>`
          select name, generic_plans + custom_plans as runs from pg_prepared_statements
          where statement like '%lesson_candidates%'`.execute(connection);
        return new Map(rows.map((r) => [r.name, Number(r.runs)]));
      };
      const before = await runs();
      for (const q of ['python', 'caramel', 'specificity'])
        await searchCatalogue(connection, { q, sort: 'relevance', cursor: 0 });
      return [...(await runs())].map(([name, n]) => n - (before.get(name) ?? 0)).filter((n) => n > 0);
    });
    expect(uses).toEqual([3]);
  });
});

describe('GET /search/suggest', () => {
  it('offers at most 8 results across kinds for a prefix', async () => {
    const res = await ctx.app.request('/search/suggest?q=dr');
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.data.items).toHaveLength(8);
    const data = await (await ctx.app.request('/search/suggest?q=dat')).json();
    expect(data.data.items.map((s: SearchHit) => s.kind)).toContain('category');
    // a lesson's words are the results page's, not the suggestions'
    const lesson = await (await ctx.app.request('/search/suggest?q=margin')).json();
    expect(lesson.data.items).toEqual([]);
    expect((await search('q=margin')).body.data.items).toHaveLength(1);
  });
});

describe('parseVtt', () => {
  it('reads each cue as its starting second and its words', () => {
    const vtt = 'WEBVTT\n\n1\n00:01:02.500 --> 00:01:05.000 align:start\n<v Ana>Hello</v> there\nfriend\n\n';
    expect(parseVtt(vtt)).toEqual([{ startSeconds: 62, text: 'Hello there friend' }]);
  });
});
