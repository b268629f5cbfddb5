import type { GroupRow, GroupTable, GroupUpdate, NewGroupRow } from './group';

export type CategoryTable = GroupTable;
export type CategoryRow = GroupRow;
export type NewCategoryRow = NewGroupRow;
export type CategoryUpdate = GroupUpdate;
