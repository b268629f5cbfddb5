import type { Insertable, Selectable } from 'kysely';

export interface PortalSessionTable {
  id: string;
  customer: string;
  return_url: string | null;
  created: number;
}
export type PortalSession = Selectable<PortalSessionTable>;
export type NewPortalSession = Insertable<PortalSessionTable>;
