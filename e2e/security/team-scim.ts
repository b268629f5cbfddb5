/**
 * Team directory sync (SCIM) through the gateway: only the owner makes the token; a session token is never a
 * SCIM token; a rotated or revoked one stops at once; a malformed body is SCIM's 400 and changes nothing; a
 * person outside the team is a 404 to its token; another team's token neither reads nor changes its groups; a full
 * team is refused, a deactivated user's seat can be taken at once, and they cannot come back to a full team.
 */
import { createHash, randomBytes } from 'node:crypto';
import { demoTeam, teamMessages, type SessionResponse, type TeamScimToken } from '@catalyst/contracts';
import { dataOf, describe, type Res, type Suite } from './harness';

const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

type ScimList = { totalResults?: number; Resources?: Array<{ id: string; userName: string }> };
type ScimBody = ScimList & { schemas?: string[]; scimType?: string; id?: string };

export async function teamScimAttacks(suite: Suite) {
  const signIn = async (email: string, password: string) =>
    dataOf(await suite.request<SessionResponse>('POST', '/auth/login', { body: { email, password } })).token;
  const owner = await signIn(demoTeam.owner.email, demoTeam.owner.password);
  const member = await signIn(demoTeam.members[0]!.email, demoTeam.members[0]!.password);
  const tokenPath = `/teams/${demoTeam.id}/scim-token`;
  const body = (res: Res) => res.body as unknown as ScimBody | undefined;
  const isScimError = (res: Res, status: number) =>
    res.status === status &&
    (res.headers.get('content-type') ?? '').startsWith('application/scim+json') &&
    body(res)?.schemas?.includes(SCIM_ERROR) === true;
  const scim = (method: string, path: string, token: string, payload?: unknown) =>
    suite.request(method, `/scim/v2${path}`, {
      token,
      ...(payload === undefined
        ? {}
        : {
            raw: typeof payload === 'string' ? payload : JSON.stringify(payload),
            headers: { 'content-type': 'application/scim+json' },
          }),
    });
  const members = async (token: string) => body(await scim('GET', '/Users?count=200', token))?.totalResults;

  const asMember = await suite.request('POST', tokenPath, { token: member });
  suite.check(
    "a team member cannot make the team's SCIM token",
    asMember.status === 403 && asMember.body?.message === teamMessages.ownerOnly,
    `403 '${teamMessages.ownerOnly}'`,
    () => describe(asMember),
  );
  const asStranger = await suite.request('POST', tokenPath, { token: suite.fixtures.tokens.learner });
  suite.check(
    'someone outside the team cannot make its SCIM token (404)',
    asStranger.status === 404,
    '404',
    () => describe(asStranger),
  );

  const first = dataOf(await suite.request<TeamScimToken>('POST', tokenPath, { token: owner })).token;
  const listed = await scim('GET', '/Users?count=200', first);
  suite.check(
    "the team's token lists its members as SCIM Users",
    listed.status === 200 && body(listed)?.totalResults === demoTeam.members.length + 1,
    `200 with ${demoTeam.members.length + 1} users`,
    () => describe(listed),
  );
  const withSession = await scim('GET', '/Users', owner);
  suite.check(
    "the owner's session token is not a SCIM token",
    isScimError(withSession, 401),
    "401 in SCIM's error shape",
    () => describe(withSession),
  );

  const before = await members(first);
  for (const payload of [
    '{"schemas":',
    { schemas: [USER] },
    { schemas: [USER], userName: 'x'.repeat(300) },
  ]) {
    const bad = await scim('POST', '/Users', first, payload);
    suite.check(
      `a malformed SCIM user is refused with 400 (${JSON.stringify(payload).slice(0, 40)})`,
      isScimError(bad, 400),
      "400 in SCIM's error shape",
      () => describe(bad),
    );
  }
  const after = await members(first);
  suite.check('a refused SCIM user takes no seat', after === before, `${before} users`, `${after} users`);

  const outsider = await suite.request<{ user: { _id: string } }>('GET', '/auth/me', {
    token: suite.fixtures.tokens.learner,
  });
  const outsiderId = dataOf(outsider).user._id;
  for (const method of ['GET', 'DELETE']) {
    const touched = await scim(method, `/Users/${outsiderId}`, first);
    suite.check(
      `${method} of someone outside the team through its SCIM token is a 404`,
      isScimError(touched, 404),
      "404 in SCIM's error shape",
      () => describe(touched),
    );
  }

  // Another team with its own SCIM token (made in billing's tables): Northwind's groups are not its to see or change.
  const group = await scim('POST', '/Groups', first, {
    schemas: [GROUP],
    displayName: `Security ${Date.now()}`,
  });
  const groupId = body(group)?.id ?? 'none';
  const rival = await suite.db.query<{ id: string }>(
    `insert into billing.teams (name, owner_user_id, interval, seats, status, stripe_customer_id,
       stripe_subscription_id, checkout_session_id)
     values ('Rival (security)', $1, 'year', 3, 'active', 'cus_rival_sec', $2, $2) returning id`,
    ['0'.repeat(24), `sub_rival_sec_${Date.now()}`],
  );
  const rivalId = rival.rows[0]!.id;
  const rivalToken = `scim_rival_${randomBytes(16).toString('hex')}`;
  await suite.db.query('insert into billing.team_scim_tokens (team_id, token_hash) values ($1, $2)', [
    rivalId,
    createHash('sha256').update(rivalToken).digest('hex'),
  ]);
  try {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { schemas: [PATCH], Operations: [{ op: 'replace', path: 'displayName', value: 'Taken' }] }],
      ['DELETE', undefined],
    ] as const) {
      const touched = await scim(method, `/Groups/${groupId}`, rivalToken, payload);
      suite.check(
        `${method} of another team's SCIM group with this team's token is a 404`,
        isScimError(touched, 404),
        "404 in SCIM's error shape",
        () => describe(touched),
      );
    }
    const listedGroups = await scim('GET', '/Groups', rivalToken);
    suite.check(
      "a team's SCIM token lists none of another team's groups",
      listedGroups.status === 200 && body(listedGroups)?.totalResults === 0,
      '200 with 0 groups',
      () => describe(listedGroups),
    );
  } finally {
    await suite.db.query('delete from billing.teams where id = $1', [rivalId]);
  }
  const kept = await scim('GET', `/Groups/${groupId}`, first);
  suite.check(
    "the team's own group is unchanged after another team's token tried it",
    group.status === 201 &&
      kept.status === 200 &&
      (kept.body as { displayName?: string })?.displayName !== 'Taken',
    '201, then 200 with its own name',
    () => describe(kept),
  );
  await scim('DELETE', `/Groups/${groupId}`, first);

  // Northwind has one free seat: the directory fills it, is refused the next, and frees the first again.
  const stamp = Date.now();
  const made = await scim('POST', '/Users', first, {
    schemas: [USER],
    userName: `scim-${stamp}@northwind.example`,
  });
  const refused = await scim('POST', '/Users', first, {
    schemas: [USER],
    userName: `scim2-${stamp}@northwind.example`,
  });
  suite.check('the directory takes the last free seat', made.status === 201, '201', () => describe(made));
  suite.check('a full team is refused in SCIM shape', isScimError(refused, 409), '409', () =>
    describe(refused),
  );
  const madeId = body(made)?.id ?? 'none';
  const deactivated = await scim('PATCH', `/Users/${madeId}`, first, {
    schemas: [PATCH],
    Operations: [{ op: 'replace', path: 'active', value: false }],
  });
  const taken = await scim('POST', '/Users', first, {
    schemas: [USER],
    userName: `scim2-${stamp}@northwind.example`,
  });
  suite.check(
    'deactivating a user frees their seat at once, and they stay a User answering active false',
    deactivated.status === 200 &&
      (deactivated.body as { active?: boolean })?.active === false &&
      taken.status === 201,
    '200 active false, then the freed seat taken (201)',
    () => `${describe(deactivated)} then ${describe(taken)}`,
  );
  const back = await scim('PATCH', `/Users/${madeId}`, first, {
    schemas: [PATCH],
    Operations: [{ op: 'replace', path: 'active', value: true }],
  });
  suite.check('reactivating into a full team is refused in SCIM shape', isScimError(back, 409), '409', () =>
    describe(back),
  );
  const freed = await scim('DELETE', `/Users/${body(taken)?.id ?? 'none'}`, first);
  await scim('DELETE', `/Users/${madeId}`, first);
  suite.check('the directory frees the seat it filled', freed.status === 204, '204', () => describe(freed));

  const second = dataOf(await suite.request<TeamScimToken>('POST', tokenPath, { token: owner })).token;
  const rotated = await scim('GET', '/Users', first);
  suite.check('a rotated SCIM token stops at once', isScimError(rotated, 401), '401', () =>
    describe(rotated),
  );
  await suite.request('DELETE', tokenPath, { token: owner });
  const revoked = await scim('GET', '/Users', second);
  suite.check('a revoked SCIM token stops at once', isScimError(revoked, 401), '401', () =>
    describe(revoked),
  );
}
