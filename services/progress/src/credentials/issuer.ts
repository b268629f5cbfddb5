// A certificate as an Open Badges 3.0 OpenBadgeCredential (W3C Verifiable Credentials Data Model 2.0),
// secured as a compact JWT per VC-JOSE-COSE: the payload is the credential itself, signed with EdDSA
// (Ed25519) under a `kid` the issuer publishes at /.well-known/jwks.json (the gateway asks `jwks()`).
import { createLocalJWKSet, jwtVerify, SignJWT, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { Kysely } from 'kysely';
import type { Certificate } from '@catalyst/contracts';
import type { Logger } from '@catalyst/service-kit';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { SIGNING_ALG, createSigningKeys } from './keys';
import { buildStatusListCredential, statusEntryOf } from './status-list';

export const VC_CONTEXT_V2 = 'https://www.w3.org/ns/credentials/v2';
export const OB3_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
export const OB3_CREDENTIAL_SCHEMA =
  'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json';
/** The protected header's media types (VC-JOSE-COSE §3.1.1): the token is a VC, its content a VC. */
export const VC_JWT_TYP = 'vc+jwt';
export const VC_JWT_CTY = 'vc';

export type IssuerConfig = Pick<Config, 'PUBLIC_URL' | 'SITE_NAME' | 'CREDENTIAL_SIGNING_KEY'>;

export interface CredentialIssuer {
  /**
   * The certificate's credential, signed now with the active key; with the certificate's place in the
   * revocation status list, its `credentialStatus` names it. A revoked certificate is refused.
   */
  signCredential(certificate: Certificate, statusIndex?: number): Promise<{ jwt: string; kid: string }>;
  /** Status list `list` with `revokedBits` set, as a BitstringStatusListCredential signed now with the active key. */
  signStatusList(list: number, revokedBits: Iterable<number>): Promise<string>;
  /** A JWT's payload when its signature verifies (EdDSA) against a key the issuer publishes; null otherwise. */
  verify(jwt: string): Promise<JWTPayload | null>;
  /** Every public key that ever signed (the active one first): what the gateway serves at /.well-known/jwks.json. */
  jwks(): Promise<{ keys: Record<string, unknown>[] }>;
  /** A new key signs from now on; credentials signed before still verify against `jwks()`. */
  rotateKey(): Promise<{ kid: string; retired: string | null }>;
}

/** The issuer's id: the site's public address without a trailing slash. */
export const issuerIdOf = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

const formatHours = (hours: number) =>
  `${Number.isInteger(hours) ? hours : hours.toFixed(1)} ${hours === 1 ? 'hour' : 'hours'}`;

/** The unsecured credential (the JWT's payload without its JWT claims). */
export function buildCredential(certificate: Certificate, config: Pick<Config, 'PUBLIC_URL' | 'SITE_NAME'>) {
  const issuerId = issuerIdOf(config.PUBLIC_URL);
  const path = certificate.kind === 'path';
  const courseUrl = path
    ? `${issuerId}/paths/${encodeURIComponent(certificate.productSlug)}`
    : `${issuerId}/browse/premium/product/${encodeURIComponent(certificate.productId)}`;
  const hours = formatHours(certificate.hours);
  return {
    '@context': [VC_CONTEXT_V2, OB3_CONTEXT],
    id: certificate.verifyUrl,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: issuerId, type: ['Profile'], name: config.SITE_NAME, url: issuerId },
    validFrom: certificate.issuedAt,
    name: `${certificate.courseTitle}: certificate of completion`,
    description: `${certificate.learnerName} completed ${certificate.courseTitle} (${hours}) on ${config.SITE_NAME}.`,
    credentialSubject: {
      type: ['AchievementSubject'],
      name: certificate.learnerName,
      // Open Badges 3.0 asks for an id or an identifier of the subject: the learner is named, not identified by a URI.
      identifier: [
        {
          type: 'IdentityObject',
          identityType: 'name',
          hashed: false,
          identityHash: certificate.learnerName,
        },
      ],
      activityEndDate: certificate.completedAt,
      achievement: {
        id: courseUrl,
        type: ['Achievement'],
        // A learning path is a program of courses and products (Open Badges 3.0's LearningProgram).
        achievementType: path ? 'LearningProgram' : 'CertificateOfCompletion',
        name: certificate.courseTitle,
        description: path
          ? `The learning path ${certificate.courseTitle} on ${certificate.creatorName}: about ${hours} of learning.`
          : `The course ${certificate.courseTitle} by ${certificate.creatorName}: ${hours} of lessons.`,
        criteria: {
          narrative: path
            ? `Finish every course and product of the learning path ${certificate.courseTitle}, in any order.`
            : `Complete every lesson of ${certificate.courseTitle} (${hours}) and pass each of its quizzes.`,
        },
        creator: { id: `${courseUrl}#creator`, type: ['Profile'], name: certificate.creatorName },
      },
    },
    credentialSchema: [{ id: OB3_CREDENTIAL_SCHEMA, type: '1EdTechJsonSchemaValidator2019' }],
  };
}
export type OpenBadgeCredential = ReturnType<typeof buildCredential>;

export function createCredentialIssuer({
  db,
  config,
  log,
}: {
  db: Kysely<Database>;
  config: IssuerConfig;
  log: Logger;
}): CredentialIssuer {
  const keys = createSigningKeys({ db, config, log });
  return {
    async signCredential(certificate, statusIndex) {
      if (certificate.status === 'revoked')
        throw new Error(`certificate ${certificate.code} is revoked: no credential is signed for it`);
      const credential = {
        ...buildCredential(certificate, config),
        ...(statusIndex === undefined
          ? {}
          : { credentialStatus: statusEntryOf(config.PUBLIC_URL, statusIndex) }),
      };
      const { kid, privateKey } = await keys.active();
      // The JWT claims that VC-JOSE-COSE allows beside the credential, each consistent with it: iss is the
      // issuer's id, jti the credential's id, iat when this token was signed.
      const jwt = await new SignJWT(credential)
        .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: VC_JWT_TYP, cty: VC_JWT_CTY })
        .setIssuer(credential.issuer.id)
        .setJti(credential.id)
        .setIssuedAt()
        .sign(privateKey);
      return { jwt, kid };
    },

    async signStatusList(list, revokedBits) {
      const credential = buildStatusListCredential(config.PUBLIC_URL, list, revokedBits);
      const { kid, privateKey } = await keys.active();
      return new SignJWT(credential)
        .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: VC_JWT_TYP, cty: VC_JWT_CTY })
        .setIssuer(credential.issuer)
        .setJti(credential.id)
        .setIssuedAt()
        .sign(privateKey);
    },

    async verify(jwt) {
      const keySet = createLocalJWKSet({ keys: await keys.published() } as JSONWebKeySet);
      return jwtVerify(jwt, keySet, { algorithms: [SIGNING_ALG] }).then(
        (verified) => verified.payload,
        () => null,
      );
    },

    async jwks() {
      return { keys: (await keys.published()) as Record<string, unknown>[] };
    },

    rotateKey: () => keys.rotate(),
  };
}
