import type { CategoryValues, CreatorValues } from '@catalyst/contracts';
import { conflict, isUniqueViolation, newObjectId, notFound, reply } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import {
  deleteParentWithoutProducts,
  findAdmin,
  findClash,
  insertParent,
  listAdmin,
  updateParent,
  type ParentTable,
} from './groups.repository';
import { stillHasProducts } from './still-has-products';

/** What differs between the two ways the catalogue is grouped. */
export interface GroupKind<T extends ParentTable = ParentTable> {
  table: T;
  noun: 'category' | 'creator';
  /** 'Category', 'Creator': the start of every message. */
  Noun: 'Category' | 'Creator';
  /** Category names are unique (case-insensitively); two creators may share a name. */
  uniqueName: boolean;
  /** The unique index on the slug: any other unique violation is the name's. */
  slugIndex: string;
}

export const categoryKind: GroupKind<'categories'> = {
  table: 'categories',
  noun: 'category',
  Noun: 'Category',
  uniqueName: true,
  slugIndex: 'categories_slug_key',
};
export const creatorKind: GroupKind<'creators'> = {
  table: 'creators',
  noun: 'creator',
  Noun: 'Creator',
  uniqueName: false,
  slugIndex: 'creators_slug_key',
};

/**
 * The admin handlers of categories or creators (list, get, create, replace, delete), written once: a clash
 * on the slug (or a category's name) is a 409 naming the field, a row that still holds products a 409 that
 * says how many, a missing one a 404.
 */
export function createGroupAdminHandlers<T extends ParentTable>(
  { db }: Pick<Deps, 'db'>,
  kind: GroupKind<T>,
) {
  const nameTaken = `A ${kind.noun} with this name already exists`;
  const slugTaken = `A ${kind.noun} with this slug already exists`;
  const missing = () => notFound(`${kind.Noun} not found`);
  const find = async (id: string) => {
    const row = await findAdmin<T>(db, kind.table, id);
    if (!row) throw missing();
    return row;
  };

  /** A 409 naming what clashes; the form shows its own text for any 409. */
  async function refuseClash(values: CategoryValues | CreatorValues, exceptId?: string) {
    const clash = await findClash(db, kind.table, values, { uniqueName: kind.uniqueName, exceptId });
    if (!clash) return;
    if (kind.uniqueName && clash.name.toLowerCase() === values.name.toLowerCase())
      throw conflict(nameTaken, [{ field: 'name', message: nameTaken }]);
    throw conflict(slugTaken, [{ field: 'slug', message: slugTaken }]);
  }

  /** Two saves racing past the check meet the unique indexes; that is the same 409. */
  function uniqueViolationToConflict(error: unknown): never {
    if (!isUniqueViolation(error)) throw error;
    if (!kind.uniqueName || isUniqueViolation(error, kind.slugIndex))
      throw conflict(slugTaken, [{ field: 'slug', message: slugTaken }]);
    throw conflict(nameTaken, [{ field: 'name', message: nameTaken }]);
  }

  return {
    adminList: () => listAdmin<T>(db, kind.table),
    adminGet: ({ params }: { params: { id: string } }) => find(params.id),
    async create({ body }: { body: CategoryValues | CreatorValues }) {
      await refuseClash(body);
      const id = newObjectId();
      await insertParent(db, kind.table, id, body).catch(uniqueViolationToConflict);
      return reply(await find(id), { message: `${kind.Noun} created successfully!`, status: 201 });
    },
    async replace({
      params: { id },
      body,
    }: {
      params: { id: string };
      body: CategoryValues | CreatorValues;
    }) {
      await find(id);
      await refuseClash(body, id);
      if (!(await updateParent(db, kind.table, id, body).catch(uniqueViolationToConflict))) throw missing();
      return reply(await find(id), { message: `${kind.Noun} updated successfully!` });
    },
    async remove({ params: { id } }: { params: { id: string } }) {
      const { deleted, productCount } = await deleteParentWithoutProducts(db, kind.table, id);
      if (productCount > 0) throw stillHasProducts(kind.noun, productCount);
      if (!deleted) throw missing();
      return reply({ _id: id }, { message: `${kind.Noun} deleted successfully!` });
    },
  };
}
