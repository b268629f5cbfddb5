import type { FollowedPath, LearningPath, PathProgress, pathProgressRoutes } from '@catalyst/contracts';
import { PATH_MESSAGES } from '@catalyst/contracts';
import { notFound, type RouteHandlers } from '@catalyst/service-kit';
import { findCertificateOf } from '../certificates/certificates.repository';
import {
  issueFollowedPathCertificates,
  issuePathCertificateIfComplete,
  type IssueDeps,
} from '../certificates/issue';
import * as repo from './paths.repository';

/**
 * The caller's standing on a path: each published item's own figure (the product row every reader uses; a
 * course's is derived from its lessons), the first unfinished item, and the certificate, issued here when a
 * followed path is finished and none was issued yet (a write that finished it issues it already).
 */
async function standingOn(
  deps: IssueDeps,
  userId: string,
  path: LearningPath,
  requestId?: string,
): Promise<PathProgress> {
  const [following, rows] = await Promise.all([
    repo.isFollowing(deps.db, userId, path._id),
    repo.progressOf(
      deps.db,
      userId,
      path.items.map((item) => item.productId),
    ),
  ]);
  const byProduct = new Map(rows.map((row) => [row.product_id, row]));
  const items = path.items.map((item) => {
    const row = byProduct.get(item.productId);
    return { productId: item.productId, progress: row?.progress ?? 0, completed: row?.completed ?? false };
  });
  let certificate = await findCertificateOf(deps.db, userId, path._id);
  if (!certificate && following && items.every((item) => item.completed)) {
    certificate =
      (await issuePathCertificateIfComplete(deps, userId, path, { requestId }).catch((error) => {
        deps.log.error(
          { err: error, userId, pathId: path._id },
          'path certificate not issued; it is issued on the next read',
        );
        return null;
      })) ?? undefined;
  }
  return {
    pathId: path._id,
    following,
    items,
    completedCount: items.filter((item) => item.completed).length,
    total: items.length,
    nextProductId: items.find((item) => !item.completed)?.productId ?? null,
    certificateCode: certificate && !certificate.revoked_at ? certificate.code : null,
  };
}

/** Following learning paths: the caller's followed paths, their standing on one, follow and unfollow. */
export function createPathProgressHandlers(deps: IssueDeps): RouteHandlers<typeof pathProgressRoutes> {
  const { db } = deps;
  /** The path as content states it; a path content does not know (or not published, to follow) is a 404. */
  const requirePath = async (pathId: string, requestId: string, { published = false } = {}) => {
    const path = await deps.catalog.path(pathId, requestId);
    if (!path || (published && !path.isPublished)) throw notFound(PATH_MESSAGES.notFound);
    return path;
  };

  return {
    async followed({ identity, requestId }) {
      await issueFollowedPathCertificates(deps, identity.id, requestId);
      const ids = await repo.followedPaths(db, identity.id);
      const paths = await Promise.all(ids.map((id) => deps.catalog.path(id, requestId)));
      const answers: FollowedPath[] = [];
      for (const path of paths) {
        if (!path) continue;
        const standing = await standingOn(deps, identity.id, path, requestId);
        answers.push({
          path: { _id: path._id, slug: path.slug, title: path.title },
          completedCount: standing.completedCount,
          total: standing.total,
          next: path.items.find((item) => item.productId === standing.nextProductId) ?? null,
          certificateCode: standing.certificateCode,
          productIds: path.items.map((item) => item.productId),
        });
      }
      return answers;
    },
    async get({ identity, params, requestId }) {
      return standingOn(deps, identity.id, await requirePath(params.pathId, requestId), requestId);
    },
    async follow({ identity, params, requestId }) {
      const path = await requirePath(params.pathId, requestId, { published: true });
      await repo.follow(db, identity.id, path._id);
      return standingOn(deps, identity.id, path, requestId);
    },
    async unfollow({ identity, params, requestId }) {
      const path = await requirePath(params.pathId, requestId);
      await repo.unfollow(db, identity.id, path._id);
      return standingOn(deps, identity.id, path, requestId);
    },
  };
}
