/**
 * API keys through the gateway: a key opens only the routes declaring one of its scopes (a key of another scope is
 * refused naming the one needed), a team key only its own team's, a made-up or revoked key nothing (not even what
 * visitors may read), and no key manages keys. The keys made here are revoked at the end.
 */
import { apiKeyMessages, demoTeam, type CreatedApiKey, type SessionResponse } from '@catalyst/contracts';
import { dataOf, describe, type Suite } from './harness';

/** A uuid of the right form naming no team: another team than the key's. */
const OTHER_TEAM = '00000000-0000-4000-8000-0000000000ff';

export async function apiKeyAttacks(suite: Suite) {
  const admin = suite.fixtures.tokens.admin!;
  const owner = dataOf(
    await suite.request<SessionResponse>('POST', '/auth/login', {
      body: { email: demoTeam.owner.email, password: demoTeam.owner.password },
    }),
  ).token;
  const made: string[] = [];
  const makeKey = async (path: string, token: string, scopes: string[]) => {
    const key = dataOf(
      await suite.request<CreatedApiKey>('POST', path, { token, body: { name: 'Security suite', scopes } }),
    );
    made.push(`${path}/${key.key.id}`);
    return key;
  };
  const refused = (
    name: string,
    res: Awaited<ReturnType<Suite['request']>>,
    status: number,
    message: string,
  ) =>
    suite.check(
      name,
      res.status === status && res.body?.message === message,
      `${status} '${message}'`,
      describe(res),
    );

  const catalog = await makeKey('/admin/api-keys', admin, ['catalog:read']);
  const team = await makeKey(`/teams/${demoTeam.id}/api-keys`, owner, ['members:read']);

  await suite.test('a key opens the routes of its scope', async () => {
    const res = await suite.request('GET', '/categories', { token: catalog.secret });
    suite.check('a catalog:read key reads the categories', res.status === 200, '200', describe(res));
    const members = await suite.request('GET', `/teams/${demoTeam.id}`, { token: team.secret });
    suite.check("a team's members:read key reads its team", members.status === 200, '200', describe(members));
  });

  await suite.test('a key of another scope is refused, naming the scope needed', async () => {
    refused(
      "a catalog:read key on a team's members",
      await suite.request('GET', `/teams/${demoTeam.id}`, { token: catalog.secret }),
      403,
      apiKeyMessages.scopeNeeded(['members:read']),
    );
    refused(
      "a members:read key on a team's learning",
      await suite.request('GET', `/teams/${demoTeam.id}/learning`, { token: team.secret }),
      403,
      apiKeyMessages.scopeNeeded(['progress:read']),
    );
    refused(
      'a members:read key inviting',
      await suite.request('POST', `/teams/${demoTeam.id}/invitations`, {
        token: team.secret,
        body: { emails: ['someone@example.com'] },
      }),
      403,
      apiKeyMessages.scopeNeeded(['members:write']),
    );
    refused(
      "an admin's key on an admin route no scope opens",
      await suite.request('GET', '/admin/users', { token: catalog.secret }),
      403,
      apiKeyMessages.routeClosed,
    );
    refused(
      'a key making a key',
      await suite.request('POST', '/admin/api-keys', {
        token: catalog.secret,
        body: { name: 'Escalation', scopes: ['members:write'] },
      }),
      403,
      apiKeyMessages.routeClosed,
    );
  });

  await suite.test("a team key never reaches another team's routes", async () => {
    refused(
      "a team key on another team's members",
      await suite.request('GET', `/teams/${OTHER_TEAM}`, { token: team.secret }),
      403,
      apiKeyMessages.otherTeam,
    );
  });

  await suite.test('a made-up or revoked key opens nothing, not even public reads', async () => {
    refused(
      'a made-up key',
      await suite.request('GET', '/categories', { token: `cat_live_${'A'.repeat(43)}` }),
      401,
      apiKeyMessages.invalid,
    );
    for (const path of made)
      await suite.request('DELETE', path, { token: path.startsWith('/admin') ? admin : owner });
    refused(
      'a revoked key',
      await suite.request('GET', '/categories', { token: catalog.secret }),
      401,
      apiKeyMessages.invalid,
    );
    const stored = await suite.db.query<{ n: number }>(
      'select count(*)::int as n from auth.api_keys where secret_hash = $1 or prefix = $1',
      [catalog.secret],
    );
    suite.check('the secret is never stored as such', stored.rows[0]!.n === 0, 'no row holds it', '');
  });
}
