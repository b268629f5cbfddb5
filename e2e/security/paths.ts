/**
 * Learning paths (issue 57): the admin's routes (/admin/paths) are refused to visitors (401), learners and
 * members (403), and change nothing; an admin's mistakes are 4xx in the one error shape, never a 500 (an
 * unknown product, a repeated product, a taken slug, malformed ids and bodies); a learner's standing on a path
 * is their own (another's follow and progress never show, whatever the request names). The member's follow
 * and the admin's path are undone at the end.
 */
import type { LearningPath, PathProgress, PathSummary } from '@catalyst/contracts';
import { dataOf, describe, type Suite } from './harness';

const DEMO_PATH = 'start-with-the-web';

export async function pathAttacks(suite: Suite) {
  const { tokens, product, users } = suite.fixtures;
  const created: string[] = [];
  const pathBody = (overrides: Record<string, unknown> = {}) => ({
    title: 'Security path',
    description: 'Made by the security suite.',
    slug: `security-path-${Date.now()}`,
    level: 'beginner',
    estimatedHours: 1,
    isPublished: false,
    items: [product._id],
    ...overrides,
  });

  const demoRes = await suite.request<LearningPath>('GET', `/content/paths/${DEMO_PATH}`);
  if (demoRes.status !== 200) throw new Error(`the demo path cannot be read: ${describe(demoRes)}`);
  const demo = dataOf(demoRes);

  try {
    await suite.test('admin routes refused to everyone else', async () => {
      const before = await suite.request<PathSummary[]>('GET', '/admin/paths', { token: tokens.admin });
      for (const [who, token, status] of [
        ['a visitor', undefined, 401],
        ['a learner', tokens.learner, 403],
        ['a member', tokens.member, 403],
      ] as const) {
        suite.expectClientError(
          `${who}'s GET /admin/paths is a ${status}`,
          await suite.request('GET', '/admin/paths', { token }),
          [status],
        );
        suite.expectClientError(
          `${who}'s GET /admin/paths/:id is a ${status}`,
          await suite.request('GET', `/admin/paths/${demo._id}`, { token }),
          [status],
        );
        suite.expectClientError(
          `${who}'s POST /admin/paths is a ${status}`,
          await suite.request('POST', '/admin/paths', { token, body: pathBody() }),
          [status],
        );
        suite.expectClientError(
          `${who}'s PUT /admin/paths/:id is a ${status}`,
          await suite.request('PUT', `/admin/paths/${demo._id}`, {
            token,
            body: pathBody({ slug: DEMO_PATH, title: 'Hijacked', isPublished: true }),
          }),
          [status],
        );
        suite.expectClientError(
          `${who}'s DELETE /admin/paths/:id is a ${status}`,
          await suite.request('DELETE', `/admin/paths/${demo._id}`, { token }),
          [status],
        );
      }
      const after = await suite.request<PathSummary[]>('GET', '/admin/paths', { token: tokens.admin });
      const still = await suite.request<LearningPath>('GET', `/content/paths/${DEMO_PATH}`);
      suite.check(
        'the refused writes changed no path',
        after.text === before.text && still.status === 200 && dataOf(still).title === demo.title,
        'the same paths, the demo path untouched',
        () => `${describe(after)} / ${describe(still)}`,
      );
    });

    await suite.test("an admin's mistakes are 4xx in the one error shape", async () => {
      const post = (body: unknown) => suite.request('POST', '/admin/paths', { token: tokens.admin, body });
      suite.expectClientError(
        'an unknown product is a 400',
        await post(pathBody({ items: ['abcdefabcdefabcdefabcdef'] })),
        [400],
      );
      suite.expectClientError(
        'a product twice is a 400',
        await post(pathBody({ items: [product._id, product._id] })),
        [400],
      );
      suite.expectClientError('no items is a 400', await post(pathBody({ items: [] })), [400]);
      suite.expectClientError('items not a list is a 400', await post(pathBody({ items: 'all' })), [400]);
      suite.expectClientError(
        'a malformed item id is a 400',
        await post(pathBody({ items: ["' or 1=1"] })),
        [400],
      );
      suite.expectClientError(
        'a title of 10,000 characters is a 400',
        await post(pathBody({ title: 'x'.repeat(10_000) })),
        [400],
      );
      suite.expectClientError(
        'hours below zero are a 400',
        await post(pathBody({ estimatedHours: -3 })),
        [400],
      );
      suite.expectClientError(
        'a body that is not JSON is a 400',
        await suite.request('POST', '/admin/paths', {
          token: tokens.admin,
          raw: '{"title":',
          headers: { 'content-type': 'application/json' },
        }),
        [400],
      );
      suite.expectClientError(
        "the demo path's slug is a 409",
        await post(pathBody({ slug: DEMO_PATH })),
        [409],
      );
      suite.expectClientError(
        'a malformed path id is a 400',
        await suite.request('PUT', '/admin/paths/..%2F..%2Fetc', { token: tokens.admin, body: pathBody() }),
        [400, 404],
      );
      const made = await suite.request<LearningPath>('POST', '/admin/paths', {
        token: tokens.admin,
        body: pathBody(),
      });
      if (made.status === 201) created.push(dataOf(made)._id);
      suite.check('a valid path is created', made.status === 201, '201', () => describe(made));
    });

    await suite.test("a learner's standing on a path is their own", async () => {
      const follow = await suite.request<PathProgress>('PUT', `/content/progress/paths/${demo._id}/follow`, {
        token: tokens.member,
      });
      suite.check('the member follows the demo path', follow.status === 200, '200', () => describe(follow));
      for (const query of ['', `?userId=${users.member.id}`, `?user=${users.member.id}`]) {
        const theirs = await suite.request<PathProgress>(
          'GET',
          `/content/progress/paths/${demo._id}${query}`,
          {
            token: tokens.learner,
          },
        );
        suite.check(
          `the learner's standing${query ? ` asked with ${query}` : ''} is their own, not the member's`,
          theirs.status === 200 && dataOf(theirs).following === false,
          '200, not following',
          () => describe(theirs),
        );
      }
      const list = await suite.request('GET', '/content/progress/paths', { token: tokens.learner });
      suite.check(
        "the learner's followed paths leave the member's out",
        list.status === 200 && !list.text.includes(demo._id),
        '200 without the demo path',
        () => describe(list),
      );
      suite.expectClientError(
        "a visitor's standing is a 401",
        await suite.request('GET', `/content/progress/paths/${demo._id}`),
        [401],
      );
      suite.expectClientError(
        "a visitor's follow is a 401",
        await suite.request('PUT', `/content/progress/paths/${demo._id}/follow`),
        [401],
      );
    });
  } finally {
    await suite.request('DELETE', `/content/progress/paths/${demo._id}/follow`, { token: tokens.member });
    for (const id of created) await suite.request('DELETE', `/admin/paths/${id}`, { token: tokens.admin });
  }
}
