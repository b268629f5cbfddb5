import { SECRET_PURPOSES, openSecret, sealSecret, secretBoxKey } from '@catalyst/service-kit';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
  type KeyObject,
} from 'jose';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** How long a retired key stays in the JWKS, so a platform's cached copy still verifies what it signed. */
const RETIRED_KEPT_MS = 24 * 60 * 60 * 1000;
/** How long a process signs with the key it read before asking again (another replica may have rotated). */
const CURRENT_TTL_MS = 60_000;

export interface SigningKey {
  kid: string;
  key: CryptoKey | KeyObject | Uint8Array;
}

async function newKeyRow(sealKey: Buffer) {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = await exportJWK(privateKey);
  return {
    kid,
    public_jwk: JSON.stringify({ ...publicJwk, kid, alg: 'RS256', use: 'sig' }),
    private_jwk_sealed: sealSecret(sealKey, kid, JSON.stringify(privateJwk)),
  };
}

/** The tool's RS256 keys: made on first use, kept sealed in Postgres, rotated by an admin. */
export function createToolKeys(db: Kysely<Database>, internalSecret: string) {
  const sealKey = secretBoxKey(internalSecret, SECRET_PURPOSES.ltiToolKey);
  let current: { key: SigningKey; readAt: number } | undefined;

  async function readCurrent(): Promise<SigningKey> {
    let row = await db.selectFrom('lti_keys').selectAll().where('retired_at', 'is', null).executeTakeFirst();
    if (!row) {
      // Two first starts at once: the unique index on the current key keeps one, and both read it.
      await db
        .insertInto('lti_keys')
        .values(await newKeyRow(sealKey))
        .onConflict((oc) => oc.doNothing())
        .execute();
      row = await db
        .selectFrom('lti_keys')
        .selectAll()
        .where('retired_at', 'is', null)
        .executeTakeFirstOrThrow();
    }
    const jwk = JSON.parse(openSecret(sealKey, row.kid, row.private_jwk_sealed)) as JWK;
    return { kid: row.kid, key: await importJWK(jwk, 'RS256') };
  }

  return {
    /** The key the tool signs with now. */
    async signing(): Promise<SigningKey> {
      if (!current || Date.now() - current.readAt > CURRENT_TTL_MS)
        current = { key: await readCurrent(), readAt: Date.now() };
      return current.key;
    },

    /** The public keys platforms verify with: the current one and those retired within a day. */
    async jwks(): Promise<{ keys: JWK[] }> {
      await this.signing();
      const rows = await db
        .selectFrom('lti_keys')
        .select('public_jwk')
        .where((eb) =>
          eb.or([
            eb('retired_at', 'is', null),
            eb('retired_at', '>', new Date(Date.now() - RETIRED_KEPT_MS)),
          ]),
        )
        .orderBy('created_at', 'desc')
        .execute();
      return { keys: rows.map((row) => row.public_jwk) };
    },

    /** Retires the current key and signs with a new one from now on. */
    async rotate(): Promise<string> {
      const row = await newKeyRow(sealKey);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('lti_keys')
          .set({ retired_at: sql<Date>`now()` })
          .where('retired_at', 'is', null)
          .execute();
        await trx.insertInto('lti_keys').values(row).execute();
      });
      current = undefined;
      return row.kid;
    },
  };
}
export type ToolKeys = ReturnType<typeof createToolKeys>;
