// Contracts of certificates and the learning record (progress owns both): a certificate is issued once per
// learner and course on completion, verifiable by anyone at its public code, as a PDF and as a signed
// Open Badges 3.0 / W3C Verifiable Credential (VC-JOSE, EdDSA) checked against the published keys.
import { z } from 'zod';
import { objectIdSchema, pagingQuerySchema, reasonBodySchema } from './api';
import {
  CERTIFICATE_CODE_ALPHABET,
  CERTIFICATE_CODE_LENGTH,
  CERTIFICATE_MESSAGES,
  REVOCATION_REASON,
} from './certificate-terms';
import { progressWithProductSchema } from './progress';

export * from './certificate-terms';

const CODE = `[${CERTIFICATE_CODE_ALPHABET}]{${CERTIFICATE_CODE_LENGTH}}`;

export const certificateSchema = z.object({
  code: z.string(),
  /** A course's certificate, or a learning path's (then `productId`, `productSlug` and `courseTitle` are the path's). */
  kind: z.enum(['course', 'path']).optional(),
  /** The learner's name as it was when the certificate was issued. */
  learnerName: z.string(),
  productId: objectIdSchema,
  productSlug: z.string(),
  courseTitle: z.string(),
  creatorName: z.string(),
  /** The course's length in hours, one decimal. */
  hours: z.number(),
  completedAt: z.string(),
  issuedAt: z.string(),
  status: z.enum(['valid', 'revoked']),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  /** Absolute addresses (PUBLIC_URL): the verification page, the PDF and the credential. */
  verifyUrl: z.string(),
  pdfUrl: z.string(),
  credentialUrl: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** `{code}` or `{code}.pdf` (the PDF's first address, kept for links already out); lower case is read as upper case. */
export const certificateCodeParamsSchema = z.object({
  code: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .trim()
            .toUpperCase()
            .replace(/\.PDF$/, '.pdf')
        : v,
    z.string().regex(new RegExp(`^${CODE}(\\.pdf)?$`), CERTIFICATE_MESSAGES.invalidCode),
  ),
});
export const certificateOnlyCodeParamsSchema = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string().regex(new RegExp(`^${CODE}$`), CERTIFICATE_MESSAGES.invalidCode),
  ),
});

export const revokeCertificateBodySchema = reasonBodySchema(REVOCATION_REASON);

export const adminCertificateListQuerySchema = pagingQuerySchema.extend({
  search: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  ),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['valid', 'revoked'], { message: 'Status must be valid or revoked' }).optional(),
  ),
});

/** `GET /certificates/status-lists/:list`: a revocation status list by its number (from 1). */
export const statusListParamsSchema = z.object({
  list: z.coerce
    .number({ error: CERTIFICATE_MESSAGES.statusListNotFound })
    .int(CERTIFICATE_MESSAGES.statusListNotFound)
    .min(1, CERTIFICATE_MESSAGES.statusListNotFound)
    .max(100_000, CERTIFICATE_MESSAGES.statusListNotFound),
});

/** `POST /certificates/credentials/verify`: a credential kept by its holder (the compact JWT). */
export const verifyCredentialBodySchema = z.object({
  credential: z
    .string({ error: CERTIFICATE_MESSAGES.credentialRequired })
    .trim()
    .min(1, CERTIFICATE_MESSAGES.credentialRequired)
    .max(20_000, CERTIFICATE_MESSAGES.credentialTooLong),
});

/**
 * What checking a credential found: its signature verified against the published keys, then its place in the
 * revocation status list read (`unknown`: the credential names no status list, signed before they existed).
 */
export const credentialCheckSchema = z.object({
  signature: z.literal('valid'),
  status: z.enum(['valid', 'revoked', 'unknown']),
  code: z.string().nullable(),
  learnerName: z.string().nullable(),
  courseTitle: z.string().nullable(),
  issuedAt: z.string().nullable(),
});
export type CredentialCheck = z.infer<typeof credentialCheckSchema>;

/** The issuer's public keys (JWK set): every key that signed a credential still verifies it after a rotation. */
export const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

// ---------- the learning record ----------

export const learningRecordSchema = z.object({
  inProgress: z.array(progressWithProductSchema),
  completed: z.array(progressWithProductSchema),
  certificates: z.array(certificateSchema),
  /** The last 12 weeks, oldest first; a week starts on Monday (UTC). */
  weeks: z.array(z.object({ weekStart: z.string(), minutes: z.number().int() })),
  /** Days (UTC) with any learning: today's run (or yesterday's, while today has none yet) and the longest ever. */
  streak: z.object({ current: z.number().int(), longest: z.number().int(), learnedToday: z.boolean() }),
  quizzes: z.array(
    z.object({
      productId: objectIdSchema,
      productTitle: z.string(),
      productSlug: z.string(),
      lessonId: objectIdSchema,
      bestScore: z.number().int(),
      passed: z.boolean(),
      attempts: z.number().int(),
      lastAttemptAt: z.string(),
    }),
  ),
  totals: z.object({
    minutesLearned: z.number().int(),
    coursesCompleted: z.number().int(),
    certificates: z.number().int(),
    quizzesPassed: z.number().int(),
  }),
});
export type LearningRecord = z.infer<typeof learningRecordSchema>;

// ---------- internal: what progress asks content when it issues a certificate ----------

export const certificateFactsSchema = z.object({
  productId: objectIdSchema,
  slug: z.string(),
  title: z.string(),
  creatorName: z.string(),
  /** The course's length: its lessons' known durations (or the product's duration), seconds. */
  durationSeconds: z.number().int(),
});
export type CertificateFacts = z.infer<typeof certificateFactsSchema>;
