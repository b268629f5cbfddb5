// The releases schema (owned by the gateway): every recorded release of each front end, which one each
// front end runs (and its canary), and the history of those switches.
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

interface ReleasesTable {
  remote: string;
  version: string;
  label: string;
  /** Who released it (git user or $USER), when and from which commit. */
  released_by: string;
  created_at: CreatedAt;
  git_commit: string | null;
  /** The shared dependencies of its mf-manifest.json: name → { version, requiredVersion, singleton }. */
  shared: ColumnType<SharedDependency[], string, string>;
  /** The exposed modules ('./BrowseRoutes', …). */
  exposes: ColumnType<string[], string, string>;
  /** Load failures the browsers reported for this version (POST /api/v1/client-errors). */
  load_errors: Generated<number>;
  last_error_at: Date | null;
}

interface ChannelsTable {
  remote: string;
  current_version: string;
  /** The version current before this one: what `rollback` returns to. */
  previous_version: string | null;
  canary_version: string | null;
  /** Share of people (0 < p < 100) served the canary. */
  canary_percent: number | null;
  updated_at: Date;
  updated_by: string;
}

interface EventsTable {
  id: Generated<number>;
  remote: string;
  action: 'release' | 'promote' | 'rollback' | 'canary' | 'canary-stopped';
  version: string | null;
  detail: string | null;
  actor: string;
  at: ColumnType<Date, Date | string | undefined, never>;
}

export interface SharedDependency {
  name: string;
  version: string | null;
  requiredVersion: string | null;
  singleton: boolean;
}

export interface ReleasesDatabase {
  releases: ReleasesTable;
  channels: ChannelsTable;
  events: EventsTable;
}
