import type { pathRoutes, PathValues } from '@catalyst/contracts';
import { PATH_MESSAGES, normaliseSlug } from '@catalyst/contracts';
import {
  badRequest,
  conflict,
  isUniqueViolation,
  newObjectId,
  notFound,
  reply,
  type RouteHandlers,
} from '@catalyst/service-kit';
import { cachedRead, type Deps } from '../deps';
import { deletePath, findPath, listPaths, savePath, slugTaken, unknownProducts } from './paths.repository';

const slugClash = () =>
  conflict(PATH_MESSAGES.slugTaken, [{ field: 'slug', message: PATH_MESSAGES.slugTaken }]);

/** Learning paths: the public list and page (published, listed items only), and the admin's list and form. */
export function createPathHandlers(deps: Deps): RouteHandlers<typeof pathRoutes> {
  const { db } = deps;
  const admin = { admin: true };
  const requireAdminPath = async (id: string) => {
    const path = await findPath(db, id, admin);
    if (!path) throw notFound(PATH_MESSAGES.notFound);
    return path;
  };

  /** The slug to store (typed, or made from the title), refused with a 409 when another path has it; 400 for an unknown product. */
  async function checked(values: PathValues, exceptId?: string) {
    const slug = values.slug ?? normaliseSlug(values.title);
    if (!slug)
      throw badRequest(PATH_MESSAGES.slugPattern, [{ field: 'slug', message: PATH_MESSAGES.slugPattern }]);
    const unknown = await unknownProducts(db, values.items);
    if (unknown.length > 0)
      throw badRequest(PATH_MESSAGES.unknownProduct, [
        { field: 'items', message: `${PATH_MESSAGES.unknownProduct}: ${unknown.join(', ')}` },
      ]);
    if (await slugTaken(db, slug, exceptId)) throw slugClash();
    return { ...values, slug };
  }

  /** Two saves racing past the check meet the unique index: the same 409. */
  const clashToConflict = (error: unknown): never => {
    if (isUniqueViolation(error, 'learning_paths_slug_key')) throw slugClash();
    throw error;
  };

  return {
    list: () => cachedRead(deps, 'paths', {}, () => listPaths(db, { admin: false })),
    async get({ params }) {
      const path = await cachedRead(deps, 'path', params.idOrSlug, () =>
        findPath(db, params.idOrSlug, { admin: false }),
      );
      if (!path) throw notFound(PATH_MESSAGES.notFound);
      return path;
    },
    adminList: () => listPaths(db, admin),
    adminGet: ({ params }) => requireAdminPath(params.id),
    async create({ body }) {
      const values = await checked(body);
      const id = newObjectId();
      await savePath(db, id, values, { create: true }).catch(clashToConflict);
      return reply(await requireAdminPath(id), { message: PATH_MESSAGES.created, status: 201 });
    },
    async replace({ params, body }) {
      await requireAdminPath(params.id);
      const values = await checked(body, params.id);
      if (!(await savePath(db, params.id, values, { create: false }).catch(clashToConflict)))
        throw notFound(PATH_MESSAGES.notFound);
      return reply(await requireAdminPath(params.id), { message: PATH_MESSAGES.updated });
    },
    async remove({ params }) {
      if (!(await deletePath(db, params.id))) throw notFound(PATH_MESSAGES.notFound);
      return reply({ _id: params.id }, { message: PATH_MESSAGES.deleted });
    },
  };
}
