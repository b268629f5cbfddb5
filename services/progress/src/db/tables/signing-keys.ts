import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

/** A JWK as stored (jsonb). */
export type StoredJwk = Record<string, unknown>;

/** One key of the credential issuer: Ed25519, named by its RFC 7638 thumbprint. */
export interface SigningKeysTable {
  kid: string;
  public_jwk: JSONColumnType<StoredJwk>;
  /** Null for a key given by configuration (CREDENTIAL_SIGNING_KEY): its private half never reaches the database. */
  private_jwk: JSONColumnType<StoredJwk | null, string | null, string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** Set when a newer key took over signing; the key is still published. At most one row has none. */
  retired_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A certificate's signed credential (compact JWT), made once on first request and kept. */
export interface CertificateCredentialsTable {
  /** The certificate's public code. */
  code: string;
  jwt: string;
  kid: string;
  signed_at: ColumnType<Date, Date | string | undefined, never>;
}

export type SigningKeyRow = Selectable<SigningKeysTable>;
