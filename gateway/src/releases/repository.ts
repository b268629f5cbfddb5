import { sql, type Kysely } from 'kysely';
import { RELEASE_MESSAGES, RELEASE_PERCENT_MESSAGE, RELEASE_SHELL_WHOLE_MESSAGE } from '@catalyst/contracts';
import { migrateToLatest, type Logger } from '@catalyst/service-kit';
import { REMOTE_NAMES } from '../config';
import { migrations } from './migrations';
import type { ReleasesDatabase, SharedDependency } from './schema';

export const RELEASES_SCHEMA = 'releases';

/** What can be released: the shell (its index.html and files, served at /) and each remote. */
export const RELEASE_TARGETS = ['shell', ...REMOTE_NAMES] as const;
export type ReleaseTarget = (typeof RELEASE_TARGETS)[number];
export const isReleaseTarget = (name: string): name is ReleaseTarget =>
  (RELEASE_TARGETS as readonly string[]).includes(name);

/**
 * The built dist/ folder served in place (/mf/<remote>/…, the shell's at /): the first release of every
 * front end, recorded when the gateway starts on a registry that has none, so a fresh clone runs with no
 * release step.
 */
export const DIST_VERSION = 'dist';
/** A released version: a label and the first 10 hex characters of the build's content hash. */
export const VERSION_PATTERN = /^[a-z0-9][a-z0-9.-]{0,40}-[0-9a-f]{10}$/;
const isVersion = (value: string) => value === DIST_VERSION || VERSION_PATTERN.test(value);

export async function migrateReleases(db: Kysely<ReleasesDatabase>, log?: Logger): Promise<void> {
  await migrateToLatest(db, RELEASES_SCHEMA, migrations, log);
}

/** A refused action, with the HTTP status the admin API answers and the CLI's exit message. */
export class ReleaseError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'ReleaseError';
  }
}

export interface NewRelease {
  remote: ReleaseTarget;
  version: string;
  label: string;
  releasedBy: string;
  gitCommit: string | null;
  shared: SharedDependency[];
  exposes: string[];
}

interface ReleaseRecord {
  remote: string;
  version: string;
  label: string;
  releasedBy: string;
  createdAt: string;
  gitCommit: string | null;
  shared: SharedDependency[];
  exposes: string[];
  loadErrors: number;
  lastErrorAt: string | null;
  /** current: everyone not in the canary runs it; canary: the canary share runs it; previous: what rollback returns to. */
  status: 'current' | 'canary' | 'previous' | 'available';
}

/** Which version a front end runs, and its canary. */
export interface Channel {
  remote: string;
  current: string;
  previous: string | null;
  canary: { version: string; percent: number } | null;
  updatedAt: string;
  updatedBy: string;
}

interface ReleaseEvent {
  action: string;
  version: string | null;
  detail: string | null;
  actor: string;
  at: string;
}

export interface RemoteReleases {
  remote: string;
  channel: Channel | null;
  releases: ReleaseRecord[];
  history: ReleaseEvent[];
}

const iso = (value: Date | string) =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

type ChannelRow = ReleasesDatabase['channels'];
const toChannel = (row: ChannelRow): Channel => ({
  remote: row.remote,
  current: row.current_version,
  previous: row.previous_version,
  canary:
    row.canary_version && row.canary_percent !== null
      ? { version: row.canary_version, percent: Number(row.canary_percent) }
      : null,
  updatedAt: iso(row.updated_at),
  updatedBy: row.updated_by,
});

const statusOf = (version: string, channel: Channel | null): ReleaseRecord['status'] => {
  if (!channel) return 'available';
  if (channel.current === version) return 'current';
  if (channel.canary?.version === version) return 'canary';
  if (channel.previous === version) return 'previous';
  return 'available';
};

const HISTORY_LIMIT = 50;

export interface ReleaseRepository {
  /** Records a built release; the first release of a front end becomes its current one. */
  record(release: NewRelease): Promise<ReleaseRecord>;
  /** Everyone (the canary ends) runs this version; the one it replaces is what rollback returns to. */
  promote(remote: string, version: string, actor: string): Promise<Channel>;
  /** Ends a running canary; without one, returns to the previous current version. */
  rollback(remote: string, actor: string): Promise<{ channel: Channel; undone: 'canary' | 'promotion' }>;
  /** Serves `version` to `percent` of people (0 < percent < 100). */
  canary(remote: string, version: string, percent: number, actor: string): Promise<Channel>;
  /** Every front end's channel (the /mf/remotes.json answer is made from these). */
  channels(): Promise<Channel[]>;
  /** Each front end with its releases (newest first), their status and load errors, and its history. */
  list(): Promise<RemoteReleases[]>;
  /** One load failure reported by a browser for a version; false when no such release is recorded. */
  countLoadError(remote: string, version: string): Promise<boolean>;
  /** Records `release` as current when the front end has no channel yet (idempotent, race-safe). */
  ensureInitial(release: NewRelease): Promise<boolean>;
}

export function createReleaseRepository(db: Kysely<ReleasesDatabase>): ReleaseRepository {
  const known = (remote: string): ReleaseTarget => {
    if (!isReleaseTarget(remote))
      throw new ReleaseError(404, `Unknown front end "${remote}". Known: ${RELEASE_TARGETS.join(', ')}`);
    return remote;
  };

  const releaseOf = async (trx: Kysely<ReleasesDatabase>, remote: string, version: string) => {
    const row = await trx
      .selectFrom('releases')
      .selectAll()
      .where('remote', '=', remote)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) throw new ReleaseError(404, RELEASE_MESSAGES.noRelease(remote, version));
    return row;
  };

  const channelRow = (trx: Kysely<ReleasesDatabase>, remote: string) =>
    trx.selectFrom('channels').selectAll().where('remote', '=', remote).forUpdate().executeTakeFirst();

  const event = (
    trx: Kysely<ReleasesDatabase>,
    remote: string,
    action: ReleasesDatabase['events']['action'],
    version: string | null,
    actor: string,
    detail: string | null = null,
  ) => trx.insertInto('events').values({ remote, action, version, actor, detail }).execute();

  const toRecord = (row: Awaited<ReturnType<typeof releaseOf>>, channel: Channel | null): ReleaseRecord => ({
    remote: row.remote,
    version: row.version,
    label: row.label,
    releasedBy: row.released_by,
    createdAt: iso(row.created_at),
    gitCommit: row.git_commit,
    shared: row.shared,
    exposes: row.exposes,
    loadErrors: row.load_errors,
    lastErrorAt: row.last_error_at ? iso(row.last_error_at) : null,
    status: statusOf(row.version, channel),
  });

  const insertRelease = async (trx: Kysely<ReleasesDatabase>, release: NewRelease) =>
    trx
      .insertInto('releases')
      .values({
        remote: release.remote,
        version: release.version,
        label: release.label,
        released_by: release.releasedBy,
        git_commit: release.gitCommit,
        shared: JSON.stringify(release.shared),
        exposes: JSON.stringify(release.exposes),
      })
      .onConflict((c) => c.columns(['remote', 'version']).doNothing())
      .returningAll()
      .executeTakeFirst();

  return {
    async record(release) {
      known(release.remote);
      if (!isVersion(release.version) || release.version === DIST_VERSION)
        throw new ReleaseError(
          400,
          `"${release.version}" is not a release version (label-<10 hex characters>)`,
        );
      return db.transaction().execute(async (trx) => {
        const row = await insertRelease(trx, release);
        if (!row)
          throw new ReleaseError(
            409,
            `${release.remote} ${release.version} is already released (same label and same files)`,
          );
        await event(trx, release.remote, 'release', release.version, release.releasedBy, release.label);
        const channel = await channelRow(trx, release.remote);
        if (!channel) {
          await trx
            .insertInto('channels')
            .values({
              remote: release.remote,
              current_version: release.version,
              updated_by: release.releasedBy,
              updated_at: new Date(),
            })
            .execute();
          await event(trx, release.remote, 'promote', release.version, release.releasedBy, 'first release');
        }
        const now = channel ? toChannel(channel) : null;
        return toRecord(
          row,
          now ?? {
            remote: release.remote,
            current: release.version,
            previous: null,
            canary: null,
            updatedAt: iso(new Date()),
            updatedBy: release.releasedBy,
          },
        );
      });
    },

    async promote(remote, version, actor) {
      known(remote);
      return db.transaction().execute(async (trx) => {
        await releaseOf(trx, remote, version);
        const channel = await channelRow(trx, remote);
        if (channel?.current_version === version && !channel.canary_version)
          throw new ReleaseError(409, RELEASE_MESSAGES.alreadyRuns(remote, version));
        const previous =
          channel && channel.current_version !== version
            ? channel.current_version
            : (channel?.previous_version ?? null);
        const values = {
          current_version: version,
          previous_version: previous,
          canary_version: null,
          canary_percent: null,
          updated_at: new Date(),
          updated_by: actor,
        };
        const row = channel
          ? await trx
              .updateTable('channels')
              .set(values)
              .where('remote', '=', remote)
              .returningAll()
              .executeTakeFirstOrThrow()
          : await trx
              .insertInto('channels')
              .values({ remote, ...values })
              .returningAll()
              .executeTakeFirstOrThrow();
        await event(trx, remote, 'promote', version, actor, previous ? `replaces ${previous}` : null);
        return toChannel(row);
      });
    },

    async rollback(remote, actor) {
      known(remote);
      return db.transaction().execute(async (trx) => {
        const channel = await channelRow(trx, remote);
        if (!channel) throw new ReleaseError(404, RELEASE_MESSAGES.nothingToRollBack(remote));
        if (channel.canary_version) {
          const row = await trx
            .updateTable('channels')
            .set({ canary_version: null, canary_percent: null, updated_at: new Date(), updated_by: actor })
            .where('remote', '=', remote)
            .returningAll()
            .executeTakeFirstOrThrow();
          await event(
            trx,
            remote,
            'canary-stopped',
            channel.canary_version,
            actor,
            `everyone back on ${channel.current_version}`,
          );
          return { channel: toChannel(row), undone: 'canary' as const };
        }
        if (!channel.previous_version)
          throw new ReleaseError(409, RELEASE_MESSAGES.noPrevious(remote, channel.current_version));
        const row = await trx
          .updateTable('channels')
          .set({
            current_version: channel.previous_version,
            previous_version: channel.current_version,
            updated_at: new Date(),
            updated_by: actor,
          })
          .where('remote', '=', remote)
          .returningAll()
          .executeTakeFirstOrThrow();
        await event(
          trx,
          remote,
          'rollback',
          channel.previous_version,
          actor,
          `from ${channel.current_version}`,
        );
        return { channel: toChannel(row), undone: 'promotion' as const };
      });
    },

    async canary(remote, version, percent, actor) {
      known(remote);
      if (remote === 'shell') throw new ReleaseError(400, RELEASE_SHELL_WHOLE_MESSAGE);
      if (!Number.isFinite(percent) || percent <= 0 || percent >= 100)
        throw new ReleaseError(400, RELEASE_PERCENT_MESSAGE);
      return db.transaction().execute(async (trx) => {
        await releaseOf(trx, remote, version);
        const channel = await channelRow(trx, remote);
        if (!channel) throw new ReleaseError(409, RELEASE_MESSAGES.noCurrent(remote));
        if (channel.current_version === version)
          throw new ReleaseError(409, RELEASE_MESSAGES.alreadyCurrent(remote, version));
        const row = await trx
          .updateTable('channels')
          .set({
            canary_version: version,
            canary_percent: percent,
            updated_at: new Date(),
            updated_by: actor,
          })
          .where('remote', '=', remote)
          .returningAll()
          .executeTakeFirstOrThrow();
        await event(trx, remote, 'canary', version, actor, `${percent}%`);
        return toChannel(row);
      });
    },

    async channels() {
      return (await db.selectFrom('channels').selectAll().orderBy('remote').execute()).map(toChannel);
    },

    async list() {
      const [channels, releases, events] = await Promise.all([
        db.selectFrom('channels').selectAll().execute(),
        db.selectFrom('releases').selectAll().orderBy('created_at', 'desc').orderBy('version').execute(),
        db
          .selectFrom('events')
          .selectAll()
          .orderBy('id', 'desc')
          .limit(HISTORY_LIMIT * RELEASE_TARGETS.length)
          .execute(),
      ]);
      const byRemote = new Map(channels.map((row) => [row.remote, toChannel(row)]));
      return RELEASE_TARGETS.map((remote) => {
        const channel = byRemote.get(remote) ?? null;
        return {
          remote,
          channel,
          releases: releases.filter((row) => row.remote === remote).map((row) => toRecord(row, channel)),
          history: events
            .filter((row) => row.remote === remote)
            .slice(0, HISTORY_LIMIT)
            .map((row) => ({
              action: row.action,
              version: row.version,
              detail: row.detail,
              actor: row.actor,
              at: iso(row.at),
            })),
        };
      });
    },

    async countLoadError(remote, version) {
      const result = await db
        .updateTable('releases')
        .set({ load_errors: sql`load_errors + 1`, last_error_at: new Date() })
        .where('remote', '=', remote)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async ensureInitial(release) {
      known(release.remote);
      return db.transaction().execute(async (trx) => {
        // One gateway at a time decides (several replicas may start together).
        await sql`select pg_advisory_xact_lock(hashtext(${`releases:${release.remote}`}))`.execute(trx);
        const channel = await trx
          .selectFrom('channels')
          .select('remote')
          .where('remote', '=', release.remote)
          .executeTakeFirst();
        if (channel) return false;
        await insertRelease(trx, release);
        await trx
          .insertInto('channels')
          .values({
            remote: release.remote,
            current_version: release.version,
            updated_by: release.releasedBy,
            updated_at: new Date(),
          })
          .execute();
        await event(
          trx,
          release.remote,
          'promote',
          release.version,
          release.releasedBy,
          'the built dist, served in place',
        );
        return true;
      });
    },
  };
}
