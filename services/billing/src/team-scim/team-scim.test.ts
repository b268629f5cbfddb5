// SCIM 2.0 provisioning over HTTP against a real Postgres: a team's owner makes its token, the directory creates,
// finds, deactivates and deletes members with it (accounts from an auth stand-in answering its declared
// internal route), a full team is refused in SCIM's error shape, and one team's token never reaches another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authInternalRoutes,
  teamMessages,
  teamScimMessages,
  teamScimTokenSchema,
  type Identity,
} from '@catalyst/contracts';
import { HttpError } from '@catalyst/service-kit';
import { createPeerStandIn, type PeerStandIn } from '@catalyst/service-kit/testing';
import { learnerFactory, startBillingWorld, type BillingWorld } from '../test-support';
import { makeTeam } from '../team-test-support';

const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';

let world: BillingWorld;
let auth: PeerStandIn;
/** The accounts auth holds, by address (what the stand-in made or found). */
const accounts = new Map<string, string>();
let nextAccount = 0;

const person = learnerFactory('5', 'Scim');
const owner = person();
const admin = person();
const rivalOwner = person();
let teamId: string;
let rivalId: string;

beforeAll(async () => {
  auth = (await createPeerStandIn()).answer(authInternalRoutes.provisionUser, ({ body }) => {
    const email = body.email as string;
    if (email.startsWith('outage')) throw new HttpError(503, 'Auth is unavailable');
    let id = accounts.get(email);
    const created = id === undefined;
    if (!id) accounts.set(email, (id = `6666666666666666666666${String(++nextAccount).padStart(2, '0')}`));
    return { id, name: email.split('@')[0]!, email, created, deactivated: false };
  });
  world = await startBillingWorld({ config: { AUTH_URL: auth.baseUrl } });
  const initech = { name: 'Initech', seats: 4, interval: 'year' as const };
  teamId = (await makeTeam(world, owner, { ...initech, others: [{ person: admin, role: 'admin' }] })).id;
  rivalId = (await makeTeam(world, rivalOwner, { name: 'Initrode', seats: 3, interval: 'year' })).id;
});
afterAll(async () => {
  await world?.close();
  await auth?.close();
});

async function tokenOf(as: Identity, id: string) {
  const made = await world.call('POST', `/teams/${id}/scim-token`, { as });
  expect(made.status).toBe(201);
  return teamScimTokenSchema.parse(made.body.data).token;
}

/** A SCIM request as the directory makes it. */
async function scim(
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
  language = 'en',
) {
  const response = await fetch(`${world.billing.url}/scim/v2${path}`, {
    method,
    headers: {
      'accept-language': language,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    www: response.headers.get('www-authenticate'),
    body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> & {
      Resources?: Array<{ id: string; members?: unknown[] } & Record<string, unknown>>;
      id?: string;
    },
  };
}

const newUser = (email: string) => ({
  schemas: [USER],
  userName: email,
  name: { givenName: 'Ada', familyName: 'L' },
});
const entitled = async (userId: string) =>
  (await world.internal(`/internal/entitlements/${userId}`)).body.data.entitled as boolean;

describe('the SCIM token', () => {
  it('is made only by the owner, answered once, kept hashed and audit-logged', async () => {
    expect((await world.call('POST', `/teams/${teamId}/scim-token`, { as: admin })).body.message).toBe(
      teamMessages.ownerOnly,
    );
    expect((await world.call('POST', `/teams/${teamId}/scim-token`, { as: rivalOwner })).status).toBe(404);
    const token = await tokenOf(owner, teamId);
    const kept = await world.db
      .selectFrom('team_scim_tokens')
      .selectAll()
      .where('team_id', '=', teamId)
      .execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.token_hash).not.toContain(token);
    const status = await world.call('GET', `/teams/${teamId}/scim-token`, { as: owner });
    expect(status.body.data).toMatchObject({ enabled: true, baseUrl: 'http://catalyst.test/api/v1/scim/v2' });
    expect(JSON.stringify(status.body)).not.toContain(token);
    const actions = await world.db
      .selectFrom('team_audit')
      .select('action')
      .where('team_id', '=', teamId)
      .execute();
    expect(actions.map((a) => a.action)).toContain('scim_token_created');
  });

  it('stops working once rotated or revoked (401 in SCIM error shape)', async () => {
    const first = await tokenOf(owner, teamId);
    expect((await scim('GET', '/Users', first)).status).toBe(200);
    const second = await tokenOf(owner, teamId);
    expect((await scim('GET', '/Users', first)).status).toBe(401);
    expect((await scim('GET', '/Users', second)).status).toBe(200);
    expect((await world.call('DELETE', `/teams/${teamId}/scim-token`, { as: owner })).status).toBe(200);
    const revoked = await scim('GET', '/Users', second);
    expect(revoked.status).toBe(401);
    expect(revoked.type).toMatch(/^application\/scim\+json/);
    expect(revoked.www).toBe('Bearer realm="scim"');
    expect(revoked.body).toMatchObject({
      schemas: [SCIM_ERROR],
      status: '401',
      detail: teamScimMessages.invalidToken,
    });
    // a directory that asks for a language is answered in it
    expect((await scim('GET', '/Users', second, undefined, 'de')).body.detail).toBe(
      'Ein gültiges SCIM-Bearer-Token ist erforderlich',
    );
    expect((await scim('GET', '/ServiceProviderConfig', undefined)).status).toBe(401);
  });
});

describe('provisioning members', () => {
  let token: string;
  beforeAll(async () => {
    token = await tokenOf(owner, teamId);
  });

  it('creates a member with a seat and Premium, and finds them by userName', async () => {
    const created = await scim('POST', '/Users', token, newUser('Grace@Initech.example'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ schemas: [USER], userName: 'grace@initech.example', active: true });
    expect(await entitled(created.body.id!)).toBe(true);
    const found = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "GRACE@initech.example"')}`,
      token,
    );
    expect(found.body).toMatchObject({ totalResults: 1 });
    expect(found.body.Resources![0]!.id).toBe(created.body.id);
    expect(found.body.Resources![0]).not.toHaveProperty('externalId');
    const none = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "nobody@initech.example"')}`,
      token,
    );
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });
    const again = await scim('POST', '/Users', token, newUser('grace@initech.example'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [SCIM_ERROR], scimType: 'uniqueness' });
    const page = await scim('GET', '/Users?startIndex=2&count=1', token);
    expect(page.body).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
  });

  it('frees the seat when the directory deactivates a member, keeps them inactive, and reactivates them', async () => {
    const created = await scim('POST', '/Users', token, {
      ...newUser('hopper@initech.example'),
      externalId: 'okta-00u1',
    });
    const id = created.body.id!;
    expect(created.body.externalId).toBe('okta-00u1');
    expect(await entitled(id)).toBe(true);
    const patched = await scim('PATCH', `/Users/${id}`, token, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ active: false, externalId: 'okta-00u1' });
    expect(await entitled(id)).toBe(false);
    expect(world.evictions).toContain(id);
    const seat = await world.db
      .selectFrom('team_members')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirst();
    expect(seat).toBeUndefined();
    expect((await scim('GET', `/Users/${id}`, token)).body).toMatchObject({ id, active: false });
    const byExternalId = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('externalId eq "okta-00u1"')}`,
      token,
    );
    expect(byExternalId.body).toMatchObject({ totalResults: 1 });
    expect(byExternalId.body.Resources![0]).toMatchObject({ id, active: false });

    const back = await scim('PUT', `/Users/${id}`, token, {
      schemas: [USER],
      userName: 'hopper@initech.example',
      externalId: 'okta-00u1',
      active: true,
    });
    expect(back.status).toBe(200);
    expect(back.body.active).toBe(true);
    expect(await entitled(id)).toBe(true);
    await scim('PATCH', `/Users/${id}`, token, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(await entitled(id)).toBe(false);
  });

  it('refuses to reactivate into a full team (409 in SCIM shape) and removes a person on DELETE', async () => {
    const [inactive] = (
      await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "okta-00u1"')}`, token)
    ).body.Resources!;
    // 4 seats: owner, admin, grace and one more.
    const filler = await scim('POST', '/Users', token, newUser('filler@initech.example'));
    expect(filler.status).toBe(201);
    const refused = await scim('PATCH', `/Users/${inactive!.id}`, token, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      schemas: [SCIM_ERROR],
      status: '409',
      detail: teamScimMessages.teamFull,
    });
    expect((await scim('GET', `/Users/${inactive!.id}`, token)).body.active).toBe(false);
    expect((await scim('DELETE', `/Users/${inactive!.id}`, token)).status).toBe(204);
    expect((await scim('GET', `/Users/${inactive!.id}`, token)).status).toBe(404);
    expect((await scim('DELETE', `/Users/${filler.body.id}`, token)).status).toBe(204);
  });

  it('frees the seat on DELETE and refuses a full team with its owner told', async () => {
    // 4 seats: owner, admin, grace, and one more.
    const fourth = await scim('POST', '/Users', token, newUser('fourth@initech.example'));
    expect(fourth.status).toBe(201);
    const full = await scim('POST', '/Users', token, newUser('fifth@initech.example'));
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ schemas: [SCIM_ERROR], detail: teamScimMessages.teamFull });
    expect(world.mailer.sent.at(-1)).toMatchObject({ to: owner.email });
    expect(world.mailer.sent.at(-1)!.subject).toContain('fifth@initech.example');
    expect((await scim('DELETE', `/Users/${fourth.body.id}`, token)).status).toBe(204);
    expect((await scim('POST', '/Users', token, newUser('fifth@initech.example'))).status).toBe(201);
  });

  it("never lets one team's token see or touch another team's member (404)", async () => {
    const rivalToken = await tokenOf(rivalOwner, rivalId);
    const member = (
      await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "grace@initech.example"')}`, token)
    ).body.Resources![0]!.id;
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await scim(method, `/Users/${member}`, rivalToken, body);
      expect(answer.status, method).toBe(404);
      expect(answer.body.schemas).toEqual([SCIM_ERROR]);
    }
    expect((await scim('GET', '/Users', rivalToken)).body).toMatchObject({ totalResults: 1 });
    expect(await entitled(member)).toBe(true);
    const group = await scim('POST', '/Groups', token, { schemas: [GROUP], displayName: 'Private' });
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { schemas: [PATCH], Operations: [{ op: 'replace', path: 'displayName', value: 'Ours' }] }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await scim(method, `/Groups/${group.body.id}`, rivalToken, body);
      expect(answer.status, method).toBe(404);
      expect(answer.body.schemas).toEqual([SCIM_ERROR]);
    }
    const found = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "Private"')}`,
      rivalToken,
    );
    expect(found.body).toMatchObject({ totalResults: 0 });
    expect((await scim('DELETE', `/Groups/${group.body.id}`, token)).status).toBe(204);
  });

  it('answers malformed bodies and filters with 400 in SCIM error shape, never touching a seat', async () => {
    const before = await world.db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', teamId)
      .execute();
    for (const body of [
      '{not json',
      { schemas: [USER] },
      { schemas: [USER], userName: 'not-an-address' },
      [],
    ]) {
      const answer = await scim('POST', '/Users', token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ schemas: [SCIM_ERROR], status: '400' });
    }
    const badPatch = await scim('PATCH', `/Users/${before[1]!.user_id}`, token, {
      schemas: [PATCH],
      Operations: [{ op: 'explode' }],
    });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.scimType).toBe('invalidSyntax');
    const outage = await scim('POST', '/Users', token, newUser('outage@initech.example'));
    expect(outage.status).toBeGreaterThanOrEqual(500);
    expect(outage.body.schemas).toEqual([SCIM_ERROR]);
    const badFilter = await scim('GET', `/Users?filter=${encodeURIComponent('emails co "x"')}`, token);
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.scimType).toBe('invalidFilter');
    const after = await world.db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', teamId)
      .execute();
    expect(after).toEqual(before);
  });

  it('describes itself', async () => {
    const config = await scim('GET', '/ServiceProviderConfig', token);
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
    expect((await scim('GET', '/Schemas', token)).body.totalResults).toBeGreaterThanOrEqual(2);
    expect((await scim('GET', '/ResourceTypes', token)).body.totalResults).toBe(2);
  });
});

describe('groups', () => {
  let token: string;
  let grace: string;
  let fifth: string;
  beforeAll(async () => {
    token = await tokenOf(owner, teamId);
    const id = async (email: string) =>
      (await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`, token)).body
        .Resources![0]!.id;
    grace = await id('grace@initech.example');
    fifth = await id('fifth@initech.example');
  });
  const membersOf = async (id: string) =>
    (((await scim('GET', `/Groups/${id}`, token)).body.members ?? []) as Array<{ value: string }>)
      .map((m) => m.value)
      .sort();

  it('are made, found by displayName and changed as Okta sends it, and shown read-only on the team page', async () => {
    const made = await scim('POST', '/Groups', token, {
      schemas: [GROUP],
      displayName: 'Engineering',
      externalId: 'okta-grp-1',
      members: [],
    });
    expect(made.status).toBe(201);
    const id = made.body.id!;
    const found = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "engineering"')}`,
      token,
    );
    expect(found.body).toMatchObject({ totalResults: 1 });
    expect(found.body.Resources![0]).toMatchObject({
      id,
      externalId: 'okta-grp-1',
      displayName: 'Engineering',
    });
    await scim('PATCH', `/Groups/${id}`, token, {
      schemas: [PATCH],
      Operations: [
        {
          op: 'add',
          path: 'members',
          value: [{ value: grace, display: 'grace@initech.example' }, { value: fifth }],
        },
      ],
    });
    expect(await membersOf(id)).toEqual([grace, fifth].sort());
    await scim('PATCH', `/Groups/${id}`, token, {
      schemas: [PATCH],
      Operations: [{ op: 'remove', path: `members[value eq "${grace}"]` }],
    });
    expect(await membersOf(id)).toEqual([fifth]);
    const renamed = await scim('PATCH', `/Groups/${id}`, token, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { id, displayName: 'Platform' } }],
    });
    expect(renamed.body).toMatchObject({ displayName: 'Platform' });
    const onPage = await world.call('GET', `/teams/${teamId}/groups`, { as: admin });
    expect(onPage.body.data).toEqual([
      expect.objectContaining({ id, name: 'Platform', source: 'directory', memberIds: [fifth] }),
    ]);
    expect(
      (await world.call('PUT', `/teams/${teamId}/groups/${id}`, { as: owner, body: { name: 'X' } })).status,
    ).toBe(409);
    const replaced = await scim('PUT', `/Groups/${id}`, token, {
      schemas: [GROUP],
      displayName: 'Platform',
      members: [{ value: grace }],
    });
    expect(replaced.status).toBe(200);
    expect(await membersOf(id)).toEqual([grace]);
    expect((await scim('DELETE', `/Groups/${id}`, token)).status).toBe(204);
    expect((await scim('GET', `/Groups/${id}`, token)).status).toBe(404);
  });

  it('are changed as Entra sends it: capitalised ops, remove by value, displayName by path', async () => {
    const id = (await scim('POST', '/Groups', token, { schemas: [GROUP], displayName: 'Sales' })).body.id!;
    const added = await scim('PATCH', `/Groups/${id}`, token, {
      schemas: [PATCH],
      Operations: [
        { op: 'Add', path: 'members', value: [{ value: grace }, { value: fifth }] },
        { op: 'Replace', path: 'displayName', value: 'Sales EMEA' },
      ],
    });
    expect(added.status).toBe(200);
    expect(added.body.displayName).toBe('Sales EMEA');
    expect(await membersOf(id)).toEqual([grace, fifth].sort());
    await scim('PATCH', `/Groups/${id}`, token, {
      schemas: [PATCH],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: fifth }] }],
    });
    expect(await membersOf(id)).toEqual([grace]);
    const list = await scim(
      'GET',
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Sales EMEA"')}`,
      token,
    );
    expect(list.body.Resources![0]).not.toHaveProperty('members');
    const stranger = await scim('PATCH', `/Groups/${id}`, token, {
      schemas: [PATCH],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: rivalOwner.id }] }],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({ schemas: [SCIM_ERROR], scimType: 'invalidValue' });
    const clash = await scim('POST', '/Groups', token, { schemas: [GROUP], displayName: 'sales emea' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ scimType: 'uniqueness' });
    // A member deactivated by the directory leaves its groups with the seat.
    await scim('PATCH', `/Users/${grace}`, token, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(await membersOf(id)).toEqual([]);
  });
});

describe('refusals before the handler', () => {
  it('are in SCIM error shape: unknown path, unknown method, a body too large, malformed JSON', async () => {
    const token = await tokenOf(owner, teamId);
    const unknown = await scim('GET', '/Nothing', token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ schemas: [SCIM_ERROR], status: '404' });
    const method = await scim('PUT', '/ServiceProviderConfig', token, {});
    expect(method.status).toBe(405);
    expect(method.type).toMatch(/^application\/scim\+json/);
    expect(method.body).toMatchObject({ schemas: [SCIM_ERROR], status: '405' });
    const large = await scim(
      'POST',
      '/Users',
      token,
      JSON.stringify({ schemas: [USER], pad: 'x'.repeat(2_000_000) }),
    );
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ schemas: [SCIM_ERROR], status: '413' });
    const malformed = await scim(
      'PATCH',
      '/Groups/00000000-0000-4000-8000-000000000000',
      token,
      '{"Operations": [',
    );
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.body.schemas).toEqual([SCIM_ERROR]);
  });
});
