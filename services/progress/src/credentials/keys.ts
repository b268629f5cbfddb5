// The credential issuer's Ed25519 keys. Unconfigured, a key is generated on first need and kept in
// `signing_keys`; with CREDENTIAL_SIGNING_KEY (production) that key signs and only its public half is
// recorded. Every recorded public key stays published, so a credential verifies after any rotation.
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';
import { sql, type Kysely } from 'kysely';
import type { Logger } from '@catalyst/service-kit';
import type { Config, Ed25519PrivateJwk } from '../config';
import type { Database } from '../db/schema';
import type { SigningKeyRow, StoredJwk } from '../db/tables/signing-keys';

/** The JWS algorithm of every credential (Ed25519). */
export const SIGNING_ALG = 'EdDSA';

export interface ActiveSigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export interface SigningKeys {
  /** The key that signs now (made, or recorded from configuration, on first need). */
  active(): Promise<ActiveSigningKey>;
  /** Every recorded key's public JWK (with kid, alg, use), newest first: retired keys included. */
  published(): Promise<JWK[]>;
  /** A new generated key takes over signing; the old one stays published. Refused while configuration names the key. */
  rotate(): Promise<{ kid: string; retired: string | null }>;
}

export interface SigningKeysOptions {
  db: Kysely<Database>;
  config: Pick<Config, 'CREDENTIAL_SIGNING_KEY'>;
  log: Logger;
  /** How long one process reuses the active key before reading it again (another process may have rotated). */
  cacheMs?: number;
}

/** Serialises key creation across processes (a transaction-scoped advisory lock). */
const LOCK = sql`select pg_advisory_xact_lock(hashtext('progress.signing_keys'))`;

/** The public half as published: only the members a verifier needs. */
const publicJwkOf = (jwk: { kty: string; crv: string; x: string }, kid: string): JWK => ({
  kty: jwk.kty,
  crv: jwk.crv,
  x: jwk.x,
  kid,
  alg: SIGNING_ALG,
  use: 'sig',
});

/** RFC 7638 thumbprint (SHA-256, base64url) of an OKP key: the kid of every generated key. */
export const thumbprintOf = (jwk: { kty: string; crv: string; x: string }) =>
  calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x }, 'sha256');

export function createSigningKeys({
  db,
  config,
  log,
  cacheMs = 5 * 60_000,
}: SigningKeysOptions): SigningKeys {
  const configured = config.CREDENTIAL_SIGNING_KEY;
  let cached: { key: ActiveSigningKey; until: number } | undefined;
  let pending: Promise<ActiveSigningKey> | undefined;

  const importPrivate = (jwk: StoredJwk | Ed25519PrivateJwk) =>
    importJWK(
      { kty: jwk.kty as string, crv: jwk.crv as string, x: jwk.x as string, d: jwk.d as string },
      SIGNING_ALG,
    ) as Promise<CryptoKey>;

  async function generate(trx: Kysely<Database>): Promise<SigningKeyRow> {
    const { privateKey } = await generateKeyPair(SIGNING_ALG, { crv: 'Ed25519', extractable: true });
    const jwk = (await exportJWK(privateKey)) as { kty: string; crv: string; x: string; d: string };
    const kid = await thumbprintOf(jwk);
    const row = await trx
      .insertInto('signing_keys')
      .values({
        kid,
        public_jwk: JSON.stringify(publicJwkOf(jwk, kid)),
        private_jwk: JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d, kid }),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    log.info({ kid }, 'credential signing key generated');
    return row;
  }

  const retireActive = (trx: Kysely<Database>) =>
    trx
      .updateTable('signing_keys')
      .set({ retired_at: sql`now()` })
      .where('retired_at', 'is', null)
      .returning('kid')
      .executeTakeFirst();

  /** Records the configured key (public half only) as the active one, retiring any other. */
  async function recordConfigured(
    trx: Kysely<Database>,
    jwk: Ed25519PrivateJwk,
    kid: string,
    active: SigningKeyRow | undefined,
  ) {
    if (active?.kid === kid) return;
    const existing = await trx
      .selectFrom('signing_keys')
      .select(['kid', 'public_jwk'])
      .where('kid', '=', kid)
      .executeTakeFirst();
    if (existing && existing.public_jwk.x !== jwk.x)
      throw new Error(
        `CREDENTIAL_SIGNING_KEY: kid "${kid}" already names another key; give the new key a new kid`,
      );
    if (active) await retireActive(trx);
    await trx
      .insertInto('signing_keys')
      .values({ kid, public_jwk: JSON.stringify(publicJwkOf(jwk, kid)), private_jwk: null })
      .onConflict((oc) => oc.column('kid').doUpdateSet({ retired_at: null }))
      .execute();
    log.info(
      { kid, retired: active?.kid ?? null },
      'credential signing key taken from CREDENTIAL_SIGNING_KEY',
    );
  }

  async function load(): Promise<ActiveSigningKey> {
    if (configured) {
      const kid = configured.kid ?? (await thumbprintOf(configured));
      const privateKey = await importPrivate(configured);
      await db.transaction().execute(async (trx) => {
        await LOCK.execute(trx);
        const active = await trx
          .selectFrom('signing_keys')
          .selectAll()
          .where('retired_at', 'is', null)
          .executeTakeFirst();
        await recordConfigured(trx, configured, kid, active);
      });
      return { kid, privateKey };
    }
    const row = await db.transaction().execute(async (trx) => {
      await LOCK.execute(trx);
      const active = await trx
        .selectFrom('signing_keys')
        .selectAll()
        .where('retired_at', 'is', null)
        .executeTakeFirst();
      if (active?.private_jwk) return active;
      // None yet, or the active one came from a configuration that is gone (its private half was never kept).
      if (active) {
        await retireActive(trx);
        log.warn(
          { kid: active.kid },
          'CREDENTIAL_SIGNING_KEY is no longer set: a generated key takes over signing',
        );
      }
      return generate(trx);
    });
    return { kid: row.kid, privateKey: await importPrivate(row.private_jwk!) };
  }

  async function active(): Promise<ActiveSigningKey> {
    if (cached && cached.until > Date.now()) return cached.key;
    pending ??= load()
      .then((key) => {
        cached = { key, until: Date.now() + cacheMs };
        return key;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  return {
    active,

    async published() {
      await active();
      const rows = await db
        .selectFrom('signing_keys')
        .select(['kid', 'public_jwk'])
        .orderBy('created_at', 'desc')
        .orderBy('kid')
        .execute();
      return rows.map((row) => ({ ...row.public_jwk, kid: row.kid }) as JWK);
    },

    async rotate() {
      if (configured)
        throw new Error('CREDENTIAL_SIGNING_KEY is set: rotate by configuring a new key (with a new kid)');
      const result = await db.transaction().execute(async (trx) => {
        await LOCK.execute(trx);
        const retired = await retireActive(trx);
        const row = await generate(trx);
        return { kid: row.kid, retired: retired?.kid ?? null };
      });
      cached = undefined;
      log.info(result, 'credential signing key rotated');
      return result;
    },
  };
}
