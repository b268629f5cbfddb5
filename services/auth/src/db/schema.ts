// The auth schema: one line per table, each table's types in ./tables.
export interface Database {}
