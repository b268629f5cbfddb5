import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { CERTIFICATE_MESSAGES, jwksSchema } from '@catalyst/contracts';
import { internalHeaders, testLog, testUsers } from '@catalyst/service-kit/testing';
import { configSchema } from '../config';
import { createTestContext, ids } from '../test-support';
import { createCredentialIssuer } from './issuer';
import { bitOf, placeOf } from './status-list';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const CODE = 'H4CKM3N0TX';
const REVOKED = 'R3V0KED0NE';

beforeEach(async () => {
  await ctx.db.deleteFrom('certificate_credentials').execute();
  await ctx.db.deleteFrom('certificates').execute();
  const base = {
    user_id: testUsers.subscriber.id,
    product_id: ids.lessons,
    learner_name: 'Sam Subscriber',
    course_title: 'Grid Course',
    creator_name: 'Cora Creator',
    product_slug: 'grid-course',
    hours: 0.3,
    completed_at: '2026-11-20T10:00:00.000Z',
  };
  await ctx.db
    .insertInto('certificates')
    .values({ ...base, code: CODE })
    .execute();
  await ctx.db
    .insertInto('certificates')
    .values({
      ...base,
      code: REVOKED,
      user_id: testUsers.learner.id,
      revoked_at: '2026-11-21T10:00:00.000Z',
      revoked_reason: 'Issued in error',
    })
    .execute();
});

const credentialOf = async (code: string) => ctx.app.request(`/certificates/${code}/credential`);

async function publishedKeys() {
  const res = await ctx.app.request('/internal/credentials/jwks', { headers: internalHeaders() });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { success: boolean; data: unknown };
  return jwksSchema.parse(body.data);
}

describe('GET /certificates/:code/credential', () => {
  it('answers the signed credential as application/vc+jwt, verifiable with the keys the issuer publishes', async () => {
    const res = await credentialOf(CODE);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vc+jwt');
    const jwt = await res.text();
    expect(jwt.split('.')).toHaveLength(3);

    const jwks = await publishedKeys();
    const { payload, protectedHeader } = await jwtVerify(
      jwt,
      createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]),
      { algorithms: ['EdDSA'], typ: 'vc+jwt' },
    );
    expect(jwks.keys.map((key) => key.kid)).toContain(protectedHeader.kid);
    expect(payload).toMatchObject({
      id: `https://learn.catalyst.test/certificates/${CODE}`,
      issuer: { id: 'https://learn.catalyst.test', name: 'Catalyst' },
      credentialSubject: {
        name: 'Sam Subscriber',
        achievement: { name: 'Grid Course', creator: { name: 'Cora Creator' } },
      },
    });
  });

  it('signs on the first request, keeps it, and hands out that same credential ever after (concurrent first requests too)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => credentialOf(CODE.toLowerCase()).then((res) => res.text())),
    );
    expect(new Set(answers).size).toBe(1);
    const kept = await ctx.db.selectFrom('certificate_credentials').selectAll().execute();
    expect(kept).toEqual([
      expect.objectContaining({ code: CODE, jwt: answers[0], kid: decodeProtectedHeader(answers[0]!).kid }),
    ]);
    expect(await (await credentialOf(CODE)).text()).toBe(answers[0]);
  });

  it('a credential signed before a key rotation still verifies with the published keys after it', async () => {
    const before = await (await credentialOf(CODE)).text();
    // Another process (an operator's rotation) makes a new key; the service publishes both.
    const config = configSchema.parse({
      DATABASE_URL: 'postgres://unused/x',
      INTERNAL_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://learn.catalyst.test',
    });
    const { kid, retired } = await createCredentialIssuer({ db: ctx.db, config, log: testLog }).rotateKey();
    expect(retired).toBe(decodeProtectedHeader(before).kid);
    const jwks = await publishedKeys();
    expect(jwks.keys.map((key) => key.kid)).toEqual([kid, retired]);
    await expect(
      jwtVerify(before, createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0])),
    ).resolves.toMatchObject({ protectedHeader: { kid: retired } });
  });

  it('refuses a revoked certificate (410) and an unknown code (404), in the one error shape', async () => {
    const revoked = await credentialOf(REVOKED);
    expect(revoked.status).toBe(410);
    expect(await revoked.json()).toMatchObject({ success: false, message: CERTIFICATE_MESSAGES.revoked });
    expect(
      await ctx.db.selectFrom('certificate_credentials').select('code').where('code', '=', REVOKED).execute(),
    ).toEqual([]);

    const unknown = await credentialOf('ZZZZZZZZZZ');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, message: CERTIFICATE_MESSAGES.notFound });

    const malformed = await credentialOf('not-a-code');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ success: false });
  });

  it('publishes the keys only to services (the gateway serves them publicly)', async () => {
    expect((await ctx.app.request('/internal/credentials/jwks')).status).toBe(404);
    const jwks = await publishedKeys();
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys)
      expect(Object.keys(key).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x']);
  });
});

describe('revocation status lists (W3C Bitstring Status List)', () => {
  const keySet = async () =>
    createLocalJWKSet((await publishedKeys()) as Parameters<typeof createLocalJWKSet>[0]);
  const statusIndexOf = async (code: string) =>
    (
      await ctx.db
        .selectFrom('certificates')
        .select('status_index')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).status_index;
  const listBit = async (index: number) => {
    const res = await ctx.app.request(`/certificates/status-lists/${placeOf(index).list}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vc+jwt');
    const { payload } = await jwtVerify(await res.text(), await keySet(), { algorithms: ['EdDSA'] });
    expect(payload).toMatchObject({
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: 'https://learn.catalyst.test',
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' },
    });
    return bitOf((payload.credentialSubject as { encodedList: string }).encodedList, placeOf(index).bit);
  };
  const check = (credential: unknown) =>
    ctx.app.request('/certificates/credentials/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credential }),
    });

  it('names each certificate its own place in the list, in its credential', async () => {
    const jwt = await (await credentialOf(CODE)).text();
    const { payload } = await jwtVerify(jwt, await keySet(), { algorithms: ['EdDSA'] });
    const index = await statusIndexOf(CODE);
    expect(index).not.toBe(await statusIndexOf(REVOKED));
    const url = 'https://learn.catalyst.test/api/v1/certificates/status-lists/1';
    expect(payload.credentialStatus).toEqual({
      id: `${url}#${index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(index),
      statusListCredential: url,
    });
  });

  it('serves the list signed with the published keys: a revoked certificate its bit set, a valid one clear', async () => {
    expect(await listBit(await statusIndexOf(CODE))).toBe(0);
    expect(await listBit(await statusIndexOf(REVOKED))).toBe(1);
  });

  it('sets the bit when an admin revokes, and the kept credential then checks as revoked though its signature is valid', async () => {
    const jwt = await (await credentialOf(CODE)).text();
    const before = await check(jwt);
    expect(before.status).toBe(200);
    expect(((await before.json()) as { data: unknown }).data).toEqual({
      signature: 'valid',
      status: 'valid',
      code: CODE,
      learnerName: 'Sam Subscriber',
      courseTitle: 'Grid Course',
      issuedAt: expect.any(String),
    });
    const revoked = await ctx.call(testUsers.admin, 'POST', `/admin/certificates/${CODE}/revoke`, {
      reason: 'Copied work',
    });
    expect(revoked.status).toBe(200);
    expect(await listBit(await statusIndexOf(CODE))).toBe(1);
    const after = (await (await check(jwt)).json()) as { data: { status: string; signature: string } };
    expect(after.data).toMatchObject({ signature: 'valid', status: 'revoked' });
  });

  it('refuses a credential whose signature does not verify, and no credential at all, with a 400 in the one shape', async () => {
    const jwt = await (await credentialOf(CODE)).text();
    const [h, p, s] = jwt.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const renamed = `${h}.${Buffer.from(JSON.stringify({ ...claims, id: 'x' })).toString('base64url')}.${s}`;
    for (const forged of [renamed, `${h}.${p}.`, 'not a credential']) {
      const res = await check(forged);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        message: CERTIFICATE_MESSAGES.credentialInvalid,
        errors: [{ field: 'credential', message: CERTIFICATE_MESSAGES.credentialInvalid }],
      });
    }
    const empty = await check('');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe(
      CERTIFICATE_MESSAGES.credentialRequired,
    );
  });

  it('answers 404 for a list beyond the places handed out, 400/404 for one that is no number', async () => {
    expect((await ctx.app.request('/certificates/status-lists/2')).status).toBe(404);
    expect([400, 404]).toContain((await ctx.app.request('/certificates/status-lists/abc')).status);
  });
});
