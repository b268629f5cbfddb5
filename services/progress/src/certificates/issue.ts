// Issuing a certificate: exactly once per learner and course, when the course figure is completed. Called
// after a write that completed the course (once its transaction has committed) and, for a course completed
// while auth or content could not answer, lazily when the learner reads their certificates or record.
import { randomBytes } from 'node:crypto';
import type { Language } from '@catalyst/contracts/languages';
import { authInternalRoutes, CERTIFICATE_CODE_ALPHABET, CERTIFICATE_CODE_LENGTH } from '@catalyst/contracts';
import { isUniqueViolation } from '@catalyst/service-kit';
import type { LearningPath } from '@catalyst/contracts';
import type { CertificateRow, NewCertificateRow } from '../db/tables/certificates';
import { followedWithoutCertificate, isFollowing, progressOf } from '../paths/paths.repository';
import type { Deps } from '../deps';
import { keepCredential } from '../credentials/credentials.repository';
import { findProgress } from '../progress/progress.repository';
import * as repo from './certificates.repository';

export type IssueDeps = Pick<Deps, 'db' | 'catalog' | 'auth' | 'credentials' | 'config' | 'log'>;

/** Codes tried before giving up (a collision among 32^10 codes is already a one-in-a-trillion event). */
const CODE_ATTEMPTS = 5;

/** A new public code: crypto-random characters of Crockford's base32 (32 letters: each byte's low 5 bits, uniform). */
export function newCertificateCode(): string {
  return [...randomBytes(CERTIFICATE_CODE_LENGTH)]
    .map((byte) => CERTIFICATE_CODE_ALPHABET[byte % CERTIFICATE_CODE_ALPHABET.length])
    .join('');
}

/** A course's length in hours, one decimal; a course with any length at all states at least 0.1. */
export const hoursOf = (seconds: number) =>
  seconds <= 0 ? 0 : Math.max(0.1, Math.round(seconds / 360) / 10);

/**
 * The learner's certificate of the course: issued now when the course row is completed and none exists,
 * with the learner's name as auth knows it now and the course's title, creator and length as content states
 * them. Concurrent calls insert one (the unique pair); each answers the one row. Null when the course is not
 * completed. Throws when auth or content cannot answer (the caller logs it; a later read issues it).
 */
export async function issueCertificateIfComplete(
  deps: IssueDeps,
  userId: string,
  productId: string,
  { requestId }: { requestId?: string } = {},
): Promise<CertificateRow | null> {
  const { db } = deps;
  const held = await repo.findCertificateOf(db, userId, productId);
  if (held) return ensureCredential(deps, held);
  const course = await findProgress(db, userId, productId);
  if (!course?.completed) return null;

  const [learner, facts] = await Promise.all([
    learnerOf(deps, userId, requestId),
    deps.catalog.certificateFacts(productId, requestId),
  ]);
  if (!facts) throw new Error(`no certificate of ${productId}: content does not know the course`);

  const row = {
    user_id: userId,
    product_id: productId,
    learner_name: learner.name,
    language: learner.language,
    course_title: facts.title,
    creator_name: facts.creatorName,
    product_slug: facts.slug,
    hours: hoursOf(facts.durationSeconds),
    completed_at: course.completed_at ?? new Date(),
  };
  return insertAndSign(deps, row);
}

/**
 * Inserts the certificate under a fresh code (a new one on the rare collision) unless the learner holds one
 * of the same course or path (the unique pair: concurrent calls insert one), then signs its credential.
 */
async function insertAndSign(deps: IssueDeps, row: Omit<NewCertificateRow, 'code'>): Promise<CertificateRow> {
  const { user_id: userId, product_id: productId } = row;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const inserted = await repo.insertCertificate(deps.db, { ...row, code: newCertificateCode() });
      if (inserted) deps.log.info({ userId, productId, kind: row.kind ?? 'course' }, 'certificate issued');
      break;
    } catch (error) {
      if (!isUniqueViolation(error, 'certificates_pkey') || attempt >= CODE_ATTEMPTS) throw error;
    }
  }
  return ensureCredential(deps, (await repo.findCertificateOf(deps.db, userId, productId))!);
}

/**
 * The learner's name and chosen language as auth knows them now (a certificate states its name, and prints its
 * words in its language, as they were when issued; null: none chosen, English).
 */
async function learnerOf(
  deps: IssueDeps,
  userId: string,
  requestId?: string,
): Promise<{ name: string; language: Language | null }> {
  const people = await deps.auth.call(
    authInternalRoutes.lookupUsers,
    { body: { ids: [userId] } },
    { requestId },
  );
  const learner = people.find((person) => person.id === userId);
  if (!learner) throw new Error(`no certificate for ${userId}: auth does not know the learner`);
  return { name: learner.name, language: learner.locale ?? null };
}

/**
 * The path certificate (achievement type LearningProgram): issued now when the learner follows the path and
 * has finished every one of its published items (each item's own completion: a course's is derived from its
 * lessons), once, like a course's. The path's title, slug and estimated hours as content states them, the
 * site as its creator, completed when the last item was. Null while any item is unfinished.
 */
export async function issuePathCertificateIfComplete(
  deps: IssueDeps,
  userId: string,
  path: LearningPath,
  { requestId }: { requestId?: string } = {},
): Promise<CertificateRow | null> {
  const held = await repo.findCertificateOf(deps.db, userId, path._id);
  if (held) return ensureCredential(deps, held);
  if (path.items.length === 0 || !(await isFollowing(deps.db, userId, path._id))) return null;
  const rows = await progressOf(
    deps.db,
    userId,
    path.items.map((item) => item.productId),
  );
  if (rows.length < path.items.length || rows.some((row) => !row.completed)) return null;
  const completedAt = Math.max(...rows.map((row) => (row.completed_at ?? new Date()).getTime()));
  const learner = await learnerOf(deps, userId, requestId);
  return insertAndSign(deps, {
    kind: 'path',
    user_id: userId,
    product_id: path._id,
    learner_name: learner.name,
    language: learner.language,
    course_title: path.title,
    creator_name: deps.config.SITE_NAME,
    product_slug: path.slug,
    hours: path.estimatedHours,
    completed_at: new Date(completedAt),
  });
}

/**
 * Every followed path the learner finished that holds no certificate yet: issued now, each failure logged
 * (content or auth down: the next read issues it). Called after a completing write and on the reads of
 * certificates, paths and the learning record.
 */
export async function issueFollowedPathCertificates(
  deps: IssueDeps,
  userId: string,
  requestId?: string,
): Promise<void> {
  const pending = await followedWithoutCertificate(deps.db, userId);
  await Promise.all(
    pending.map(async (pathId) => {
      try {
        const path = await deps.catalog.path(pathId, requestId);
        if (path) await issuePathCertificateIfComplete(deps, userId, path, { requestId });
      } catch (error) {
        deps.log.error(
          { err: error, userId, pathId },
          'path certificate not issued; it is issued on the next read',
        );
      }
    }),
  );
}

/**
 * The certificate's credential signed and kept, once: the first credential kept is the one handed out. A
 * revoked certificate gets none (its page says why); an issuer that cannot sign now is retried on the next read.
 */
export async function ensureCredential(deps: IssueDeps, row: CertificateRow): Promise<CertificateRow> {
  if (row.revoked_at || (await repo.hasCredential(deps.db, row.code))) return row;
  try {
    await keepCredential(
      deps.db,
      row.code,
      await deps.credentials.signCredential(
        repo.toCertificate(row, deps.config.PUBLIC_URL),
        row.status_index,
      ),
    );
  } catch (error) {
    deps.log.error({ err: error, code: row.code }, 'credential not signed; it is signed on a later read');
  }
  return row;
}

/**
 * After a write that left the course completed (its transaction committed): the certificate, if the learner
 * has none yet. Never fails the learner's write: a failure is logged, and the learner's next read of their
 * certificates (or record) issues it.
 */
export async function issueAfterCompletion(
  deps: IssueDeps,
  userId: string,
  productId: string,
  requestId?: string,
): Promise<void> {
  try {
    await issueCertificateIfComplete(deps, userId, productId, { requestId });
  } catch (error) {
    deps.log.error(
      { err: error, userId, productId },
      'certificate not issued on completion; it is issued on the next read',
    );
  }
  await issueFollowedPathCertificates(deps, userId, requestId);
}

/** The learner's completed courses that hold no certificate yet (auth or content could not answer then): issued now, each failure logged. */
export async function issueMissingCertificates(
  deps: IssueDeps,
  userId: string,
  requestId?: string,
): Promise<void> {
  const missing = await repo.completedCoursesWithoutCertificate(deps.db, userId);
  await Promise.all(
    missing.map((productId) =>
      issueCertificateIfComplete(deps, userId, productId, { requestId }).catch((error) =>
        deps.log.error(
          { err: error, userId, productId },
          'certificate not issued; it is issued on the next read',
        ),
      ),
    ),
  );
  await issueFollowedPathCertificates(deps, userId, requestId);
}
