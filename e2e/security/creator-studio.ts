/**
 * The creator studio: a creator never reaches another creator's items (every studio route on them is a 404,
 * naming nothing), the admin's review, categories, users or money settings, nor an invitation by guessing.
 */
import type { SessionResponse, StudioProduct, StudioProductDetail } from '@catalyst/contracts';
import { dataOf, describe, type Suite } from './harness';

const MISSING_UUID = '00000000-0000-4000-8000-000000000000';

export async function creatorStudioAttacks(suite: Suite) {
  const f = suite.fixtures;
  const maya = f.tokens.creator;
  const login = await suite.request<SessionResponse>('POST', '/auth/login', {
    body: { email: 'creator2@catalyst.example', password: 'Creator-pass-1' },
  });
  const daniel = dataOf(login).token;

  const mine = dataOf(await suite.request<StudioProduct[]>('GET', '/studio/products', { token: maya }));
  suite.check(
    "the demo creator's studio lists her items",
    mine.length > 0,
    'at least one item',
    `${mine.length}`,
  );
  const target = mine[0]!;
  const draft = dataOf(
    await suite.request<StudioProductDetail>('GET', `/studio/products/${target._id}`, { token: maya }),
  ).draft;

  const theirs = dataOf(await suite.request<StudioProduct[]>('GET', '/studio/products', { token: daniel }));
  suite.check(
    "another creator's studio lists none of her items",
    theirs.every((p) => p.creator.id !== target.creator.id),
    'only his own items',
    theirs.map((p) => p.creator.name).join(', '),
  );

  const attempts: Array<[string, string, unknown?]> = [
    ['GET', `/studio/products/${target._id}`],
    ['PUT', `/studio/products/${target._id}`, { ...draft, title: 'Taken over' }],
    ['GET', `/studio/products/${target._id}/curriculum`],
    ['PUT', `/studio/products/${target._id}/curriculum`, { version: 0, sections: [] }],
    ['POST', `/studio/products/${target._id}/submit`],
    ['GET', `/studio/products/${target._id}/revisions`],
  ];
  for (const [method, path, body] of attempts) {
    const res = await suite.request(method, path, { token: daniel, body });
    suite.check(`${method} ${path} by another creator is a 404`, res.status === 404, '404', describe(res));
  }

  const adminOnly: Array<[string, string, unknown?]> = [
    ['GET', '/admin/reviews-queue'],
    ['POST', `/admin/revisions/${MISSING_UUID}/approve`],
    ['POST', '/admin/categories', { name: 'Mine' }],
    ['GET', '/admin/users'],
    ['POST', `/admin/creators/${target.creator.id}/invitations`, { email: 'friend@example.com' }],
    ['PUT', `/admin/products/${target._id}`, { ...draft, isPublished: true }],
  ];
  for (const [method, path, body] of adminOnly) {
    const res = await suite.request(method, path, { token: maya, body });
    suite.check(`${method} ${path} by a creator is a 403`, res.status === 403, '403', describe(res));
  }

  const guess = await suite.request('POST', '/studio/invitations/guessed-token-0000000000/accept', {
    token: f.tokens.learner,
  });
  suite.check('a guessed invitation token opens nothing', guess.status === 404, '404', describe(guess));
}
