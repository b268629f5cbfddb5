import type { GroupRow, GroupTable, GroupUpdate, NewGroupRow } from './group';

export type CreatorTable = GroupTable;
export type CreatorRow = GroupRow;
export type NewCreatorRow = NewGroupRow;
export type CreatorUpdate = GroupUpdate;
