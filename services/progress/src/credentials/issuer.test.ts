import { beforeEach, describe, expect, it } from 'vitest';
import {
  base64url,
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
} from 'jose';
import type { Certificate } from '@catalyst/contracts';
import { migrateToLatest } from '@catalyst/service-kit';
import { testLog, useTestDatabase } from '@catalyst/service-kit/testing';
import { configSchema } from '../config';
import type { Database } from '../db/schema';
import { migrations } from '../migrations';
import { SCHEMA } from '../setup';
import { OB3_CONTEXT, VC_CONTEXT_V2, createCredentialIssuer, type IssuerConfig } from './issuer';
import { thumbprintOf } from './keys';

const db = useTestDatabase<Database>(SCHEMA);
const config: IssuerConfig = {
  PUBLIC_URL: 'https://learn.example.com/',
  SITE_NAME: 'Catalyst',
  CREDENTIAL_SIGNING_KEY: undefined,
};

const sampleCertificate = (overrides: Partial<Certificate> = {}): Certificate => ({
  code: '7K3M9QX2PA',
  learnerName: 'Ada Lovelace',
  productId: '11111111111111111111aa06',
  productSlug: 'css-grid-layout-workshop',
  courseTitle: 'CSS Grid Layout Workshop',
  creatorName: 'Grace Hopper',
  hours: 4.5,
  completedAt: '2026-11-20T10:15:00.000Z',
  issuedAt: '2026-11-20T10:15:01.000Z',
  status: 'valid',
  revokedAt: null,
  revokedReason: null,
  verifyUrl: 'https://learn.example.com/certificates/7K3M9QX2PA',
  pdfUrl: 'https://learn.example.com/api/v1/certificates/7K3M9QX2PA.pdf',
  credentialUrl: 'https://learn.example.com/api/v1/certificates/7K3M9QX2PA/credential',
  ...overrides,
});

const verify = async (jwt: string, jwks: { keys: Record<string, unknown>[] }) =>
  jwtVerify(jwt, createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]), {
    algorithms: ['EdDSA'],
    typ: 'vc+jwt',
  });

beforeEach(async () => {
  await migrateToLatest(db(), SCHEMA, migrations, testLog);
  await db().deleteFrom('certificate_credentials').execute();
  await db().deleteFrom('signing_keys').execute();
});

describe('the credential issuer', () => {
  it('signs an Open Badges 3.0 credential as a VC-JOSE JWT that verifies against the published key set', async () => {
    const issuer = createCredentialIssuer({ db: db(), config, log: testLog });
    const certificate = sampleCertificate();
    const { jwt, kid } = await issuer.signCredential(certificate);

    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'EdDSA', kid, typ: 'vc+jwt', cty: 'vc' });
    const jwks = await issuer.jwks();
    expect(jwks.keys).toEqual([
      { kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid, alg: 'EdDSA', use: 'sig' },
    ]);
    // The kid is the key's RFC 7638 thumbprint; no private member is ever published.
    expect(await thumbprintOf(jwks.keys[0] as { kty: string; crv: string; x: string })).toBe(kid);
    expect(JSON.stringify(jwks)).not.toContain('"d"');

    const { payload, protectedHeader } = await verify(jwt, jwks);
    expect(protectedHeader.kid).toBe(kid);
    expect(payload).toMatchObject({
      '@context': [VC_CONTEXT_V2, OB3_CONTEXT],
      id: certificate.verifyUrl,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: 'https://learn.example.com', type: ['Profile'], name: 'Catalyst' },
      validFrom: certificate.issuedAt,
      credentialSubject: {
        type: ['AchievementSubject'],
        name: 'Ada Lovelace',
        activityEndDate: certificate.completedAt,
        achievement: {
          id: 'https://learn.example.com/browse/premium/product/11111111111111111111aa06',
          type: ['Achievement'],
          name: 'CSS Grid Layout Workshop',
          criteria: { narrative: expect.stringContaining('4.5 hours') },
          creator: { type: ['Profile'], name: 'Grace Hopper' },
        },
      },
      iss: 'https://learn.example.com',
      jti: certificate.verifyUrl,
    });
    expect(payload.iat).toBeCloseTo(Date.now() / 1000, -1);
  });

  it('a credential whose payload was altered fails verification', async () => {
    const issuer = createCredentialIssuer({ db: db(), config, log: testLog });
    const { jwt } = await issuer.signCredential(sampleCertificate());
    const [header, payload, signature] = jwt.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!)));
    claims.credentialSubject.name = 'Mallory';
    const forged = [header, base64url.encode(JSON.stringify(claims)), signature].join('.');
    await expect(verify(forged, await issuer.jwks())).rejects.toMatchObject({
      code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    });
    // A key of someone else's, even under the same kid, does not verify it either.
    const { publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const { kid } = decodeProtectedHeader(jwt);
    await expect(
      verify(jwt, { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'EdDSA' }] }),
    ).rejects.toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
  });

  it('refuses to sign a revoked certificate', async () => {
    const issuer = createCredentialIssuer({ db: db(), config, log: testLog });
    await expect(
      issuer.signCredential(
        sampleCertificate({
          status: 'revoked',
          revokedAt: '2026-11-21T00:00:00.000Z',
          revokedReason: 'Plagiarism',
        }),
      ),
    ).rejects.toThrow(/revoked/);
  });

  it('keeps the generated key: another process signs with the same kid', async () => {
    const first = await createCredentialIssuer({ db: db(), config, log: testLog }).signCredential(
      sampleCertificate(),
    );
    const second = await createCredentialIssuer({ db: db(), config, log: testLog }).signCredential(
      sampleCertificate(),
    );
    expect(second.kid).toBe(first.kid);
    expect(await db().selectFrom('signing_keys').select('kid').execute()).toEqual([{ kid: first.kid }]);
  });

  it('processes starting at once make one active key between them', async () => {
    const issuers = Array.from({ length: 6 }, () =>
      createCredentialIssuer({ db: db(), config, log: testLog }),
    );
    const signed = await Promise.all(issuers.map((issuer) => issuer.signCredential(sampleCertificate())));
    expect(new Set(signed.map((s) => s.kid)).size).toBe(1);
    const rows = await db().selectFrom('signing_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.retired_at).toBeNull();
  });

  it('a rotation signs with a new key while credentials signed before it still verify with the published set', async () => {
    const issuer = createCredentialIssuer({ db: db(), config, log: testLog });
    const before = await issuer.signCredential(sampleCertificate());
    const rotated = await issuer.rotateKey();
    expect(rotated.retired).toBe(before.kid);
    const after = await issuer.signCredential(sampleCertificate({ code: 'AAAAAAAAAA' }));
    expect(after.kid).toBe(rotated.kid);
    expect(after.kid).not.toBe(before.kid);

    // Another process (a verifier's fetch of /.well-known/jwks.json) gets both keys, the new one first.
    const jwks = await createCredentialIssuer({ db: db(), config, log: testLog }).jwks();
    expect(jwks.keys.map((k) => k.kid)).toEqual([after.kid, before.kid]);
    expect((await verify(before.jwt, jwks)).protectedHeader.kid).toBe(before.kid);
    expect((await verify(after.jwt, jwks)).protectedHeader.kid).toBe(after.kid);

    const active = await db()
      .selectFrom('signing_keys')
      .select('kid')
      .where('retired_at', 'is', null)
      .execute();
    expect(active).toEqual([{ kid: after.kid }]);
  });

  it('signs with the configured key, records only its public half, keeps older keys published and refuses rotation', async () => {
    const generated = await createCredentialIssuer({ db: db(), config, log: testLog }).signCredential(
      sampleCertificate(),
    );
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const jwk = await exportJWK(privateKey);
    const parsed = configSchema.parse({
      ...baseEnv,
      CREDENTIAL_SIGNING_KEY: JSON.stringify({ ...jwk, kid: 'catalyst-2026' }),
    });
    const issuer = createCredentialIssuer({
      db: db(),
      config: { ...config, CREDENTIAL_SIGNING_KEY: parsed.CREDENTIAL_SIGNING_KEY },
      log: testLog,
    });

    const { jwt, kid } = await issuer.signCredential(sampleCertificate());
    expect(kid).toBe('catalyst-2026');
    const jwks = await issuer.jwks();
    expect(jwks.keys.map((k) => k.kid)).toEqual(['catalyst-2026', generated.kid]);
    await verify(jwt, jwks);
    await verify(generated.jwt, jwks);

    const stored = await db()
      .selectFrom('signing_keys')
      .selectAll()
      .where('kid', '=', 'catalyst-2026')
      .executeTakeFirstOrThrow();
    expect(stored.private_jwk).toBeNull();
    expect(stored.retired_at).toBeNull();
    await expect(issuer.rotateKey()).rejects.toThrow(/CREDENTIAL_SIGNING_KEY/);

    // A different key under a kid already recorded is refused rather than silently replacing the published one.
    const other = await exportJWK(
      (await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })).privateKey,
    );
    await db()
      .updateTable('signing_keys')
      .set({ retired_at: new Date() })
      .where('kid', '=', 'catalyst-2026')
      .execute();
    const clashing = configSchema.parse({
      ...baseEnv,
      CREDENTIAL_SIGNING_KEY: JSON.stringify({ ...other, kid: 'catalyst-2026' }),
    });
    const clash = createCredentialIssuer({
      db: db(),
      config: { ...config, CREDENTIAL_SIGNING_KEY: clashing.CREDENTIAL_SIGNING_KEY },
      log: testLog,
    });
    await expect(clash.signCredential(sampleCertificate())).rejects.toThrow(/already names another key/);
  });
});

const baseEnv = { DATABASE_URL: 'postgres://localhost/x', INTERNAL_SECRET: 'x'.repeat(32) };

describe('CREDENTIAL_SIGNING_KEY', () => {
  const issuesOf = (value: string) => {
    const result = configSchema.safeParse({ ...baseEnv, CREDENTIAL_SIGNING_KEY: value });
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('is optional', () => {
    expect(configSchema.parse(baseEnv).CREDENTIAL_SIGNING_KEY).toBeUndefined();
    expect(
      configSchema.parse({ ...baseEnv, CREDENTIAL_SIGNING_KEY: '' }).CREDENTIAL_SIGNING_KEY,
    ).toBeUndefined();
  });

  it('refuses a value that is not an Ed25519 private JWK, naming the variable', async () => {
    expect(issuesOf('not json')[0]).toMatch(/^CREDENTIAL_SIGNING_KEY: .*private JWK/);
    expect(issuesOf(JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'a', d: 'b' }))[0]).toMatch(
      /^CREDENTIAL_SIGNING_KEY\.kty: /,
    );
    const { publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    expect(issuesOf(JSON.stringify(await exportJWK(publicKey)))[0]).toMatch(/^CREDENTIAL_SIGNING_KEY\.d: /);
    // x and d of two different keys
    const a = await exportJWK(
      (await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })).privateKey,
    );
    const b = await exportJWK(
      (await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })).privateKey,
    );
    expect(issuesOf(JSON.stringify({ ...a, d: b.d }))).toEqual([
      expect.stringMatching(/^CREDENTIAL_SIGNING_KEY: x is not the public key of d/),
    ]);
  });
});
