// Revocation that reaches a credential kept offline: a W3C Bitstring Status List (v1.0). Every certificate
// holds a place (`status_index`) in the issuer's revocation lists; its credential names that place in a
// `credentialStatus` (a BitstringStatusListEntry), and the list, a BitstringStatusListCredential signed with the
// credentials' keys, is served at a public address. Revoking a certificate sets its bit.
import { gzipSync, gunzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { credentialRoutes, routeUrl } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import { issuerIdOf, VC_CONTEXT_V2 } from './issuer';

/** Bits per list: the specification's minimum (16 KB), so one list hides which of many certificates it is about. */
export const STATUS_LIST_BITS = 131_072;
export const STATUS_PURPOSE = 'revocation';

/** The public address of a status list (1, 2, …): under the certificates' API. */
export const statusListUrl = (publicUrl: string, list: number) =>
  `${issuerIdOf(publicUrl)}${routeUrl(credentialRoutes.statusList, { params: { list } })}`;

/** Where a certificate's place falls: its list (from 1) and its bit in that list. */
export const placeOf = (statusIndex: number) => ({
  list: Math.floor(statusIndex / STATUS_LIST_BITS) + 1,
  bit: statusIndex % STATUS_LIST_BITS,
});

/** A credential's `credentialStatus`: its place in the revocation list. */
export function statusEntryOf(publicUrl: string, statusIndex: number) {
  const { list, bit } = placeOf(statusIndex);
  const url = statusListUrl(publicUrl, list);
  return {
    id: `${url}#${bit}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: STATUS_PURPOSE,
    statusListIndex: String(bit),
    statusListCredential: url,
  };
}
export type StatusEntry = ReturnType<typeof statusEntryOf>;

/** The list's bitstring, GZIP-compressed and multibase-encoded (base64url, 'u'): bit 0 is the leftmost bit. */
export function encodeList(setBits: Iterable<number>): string {
  const bytes = Buffer.alloc(STATUS_LIST_BITS / 8);
  for (const bit of setBits) bytes[bit >> 3]! |= 0x80 >> (bit & 7);
  return `u${gzipSync(bytes).toString('base64url')}`;
}

/** The bit at `index` of an encoded list (null when the list cannot be read or is too short). */
export function bitOf(encodedList: string, index: number): 0 | 1 | null {
  if (!encodedList.startsWith('u')) return null;
  try {
    const bytes = gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'));
    if (index < 0 || index >= bytes.length * 8) return null;
    return ((bytes[index >> 3]! >> (7 - (index & 7))) & 1) as 0 | 1;
  } catch {
    return null;
  }
}

/** How many lists there are: enough for every place handed out (at least one). */
export async function listCount(db: Kysely<Database>): Promise<number> {
  const { top } = await db
    .selectFrom('certificates')
    .select((eb) => eb.fn.max('status_index').as('top'))
    .executeTakeFirstOrThrow();
  return top === null ? 1 : placeOf(Number(top)).list;
}

/** The revoked places of one list, as bits of it. */
export async function revokedBits(db: Kysely<Database>, list: number): Promise<number[]> {
  const from = (list - 1) * STATUS_LIST_BITS;
  const rows = await db
    .selectFrom('certificates')
    .select('status_index')
    .where('revoked_at', 'is not', null)
    .where('status_index', '>=', from)
    .where('status_index', '<', from + STATUS_LIST_BITS)
    .execute();
  return rows.map((row) => row.status_index - from);
}

/** The unsecured status list credential of `list` as it stands now (the issuer signs it). */
export function buildStatusListCredential(publicUrl: string, list: number, setBits: Iterable<number>) {
  const url = statusListUrl(publicUrl, list);
  return {
    '@context': [VC_CONTEXT_V2],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: issuerIdOf(publicUrl),
    validFrom: new Date().toISOString(),
    credentialSubject: {
      id: `${url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: STATUS_PURPOSE,
      encodedList: encodeList(setBits),
    },
  };
}
export type StatusListCredential = ReturnType<typeof buildStatusListCredential>;
