import type { Context } from 'hono';
import { creatorInputSchema } from '@catalyst/contracts';
import { conflict, isUniqueViolation, newObjectId, notFound, ok, parseBody, type AppEnv } from '@catalyst/service-kit';
import type { AdminRouteDeps } from './adminDeps';
import {
  deleteCreatorWithoutProducts,
  findAdminCreator,
  findCreatorBySlug,
  insertCreator,
  listAdminCreators,
  updateCreator,
} from './admin.repository';
import { idParam } from './ids';
import { stillHasProducts } from './stillHasProducts';

const SLUG_TAKEN = 'A creator with this slug already exists';
const slugConflict = () => conflict(SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);

function uniqueViolationToConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw slugConflict();
  throw error;
}

export const listCreators = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => ok(c, await listAdminCreators(deps.db));

export const getCreator = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => {
  const creator = await findAdminCreator(deps.db, idParam(c, 'creator'));
  if (!creator) throw notFound('Creator not found');
  return ok(c, creator);
};

export const createCreator = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => {
  const values = await parseBody(c, creatorInputSchema);
  if (await findCreatorBySlug(deps.db, values.slug)) throw slugConflict();
  const id = newObjectId();
  await insertCreator(deps.db, id, values).catch(uniqueViolationToConflict);
  return ok(c, await findAdminCreator(deps.db, id), 'Creator created successfully!', 201);
};

export const replaceCreator = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => {
  const id = idParam(c, 'creator');
  const values = await parseBody(c, creatorInputSchema);
  if (!(await findAdminCreator(deps.db, id))) throw notFound('Creator not found');
  if (await findCreatorBySlug(deps.db, values.slug, id)) throw slugConflict();
  const updated = await updateCreator(deps.db, id, values).catch(uniqueViolationToConflict);
  if (!updated) throw notFound('Creator not found');
  return ok(c, await findAdminCreator(deps.db, id), 'Creator updated successfully!');
};

export const removeCreator = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => {
  const id = idParam(c, 'creator');
  const { deleted, productCount } = await deleteCreatorWithoutProducts(deps.db, id);
  if (productCount > 0) throw stillHasProducts('creator', productCount);
  if (!deleted) throw notFound('Creator not found');
  return ok(c, { _id: id }, 'Creator deleted successfully!');
};
