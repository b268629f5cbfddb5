import type { Context } from 'hono';
import { categoryInputSchema, type CategoryValues } from '@catalyst/contracts';
import { conflict, isUniqueViolation, newObjectId, notFound, ok, parseBody, type AppEnv } from '@catalyst/service-kit';
import type { AdminRouteDeps } from './adminDeps';
import {
  deleteEmptyCategory,
  findAdminCategory,
  findCategoryClash,
  insertCategory,
  listAdminCategories,
  updateCategory,
} from './admin.repository';
import { idParam } from './ids';
import { stillHasProducts } from './stillHasProducts';

const NAME_TAKEN = 'A category with this name already exists';
const SLUG_TAKEN = 'A category with this slug already exists';

/** A 409 naming what clashes; the form shows its own text for any 409. */
async function refuseClash(deps: AdminRouteDeps, values: CategoryValues, exceptId?: string) {
  const clash = await findCategoryClash(deps.db, values, exceptId);
  if (!clash) return;
  if (clash.name.toLowerCase() === values.name.toLowerCase()) throw conflict(NAME_TAKEN, [{ field: 'name', message: NAME_TAKEN }]);
  throw conflict(SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);
}

/** Two saves racing past the check meet the unique indexes; that is the same 409. */
function uniqueViolationToConflict(error: unknown): never {
  if (isUniqueViolation(error, 'categories_slug_key')) throw conflict(SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);
  if (isUniqueViolation(error)) throw conflict(NAME_TAKEN, [{ field: 'name', message: NAME_TAKEN }]);
  throw error;
}

export const listCategories = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => ok(c, await listAdminCategories(deps.db));

export const getCategory = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => {
  const category = await findAdminCategory(deps.db, idParam(c, 'category'));
  if (!category) throw notFound('Category not found');
  return ok(c, category);
};

export const createCategory = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => {
  const values = await parseBody(c, categoryInputSchema);
  await refuseClash(deps, values);
  const id = newObjectId();
  await insertCategory(deps.db, id, values).catch(uniqueViolationToConflict);
  return ok(c, await findAdminCategory(deps.db, id), 'Category created successfully!', 201);
};

export const replaceCategory = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => {
  const id = idParam(c, 'category');
  const values = await parseBody(c, categoryInputSchema);
  if (!(await findAdminCategory(deps.db, id))) throw notFound('Category not found');
  await refuseClash(deps, values, id);
  const updated = await updateCategory(deps.db, id, values).catch(uniqueViolationToConflict);
  if (!updated) throw notFound('Category not found');
  return ok(c, await findAdminCategory(deps.db, id), 'Category updated successfully!');
};

export const removeCategory = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => {
  const id = idParam(c, 'category');
  const { deleted, productCount } = await deleteEmptyCategory(deps.db, id);
  if (productCount > 0) throw stillHasProducts('category', productCount);
  if (!deleted) throw notFound('Category not found');
  return ok(c, { _id: id }, 'Category deleted successfully!');
};
