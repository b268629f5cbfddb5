import type { Selectable } from 'kysely';

/** An instructor's deep linking picker, open: where its answer goes, taken once by the choice. */
export interface LtiDeepLinkTable {
  ticket_hash: string;
  platform_id: string;
  deployment_id: string;
  return_url: string;
  /** The platform's opaque `data`, returned as it came. */
  data: string | null;
  accept_multiple: boolean;
  expires_at: Date;
}
export type LtiDeepLink = Selectable<LtiDeepLinkTable>;
