import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@catalyst/service-kit/testing';
import {
  createReleaseRepository,
  DIST_VERSION,
  migrateReleases,
  RELEASES_SCHEMA,
  ReleaseError,
  type NewRelease,
} from './repository';
import type { ReleasesDatabase } from './schema';

const database = useTestDatabase<ReleasesDatabase>(RELEASES_SCHEMA);

const release = (version: string, remote: NewRelease['remote'] = 'catalog'): NewRelease => ({
  remote,
  version,
  label: version.split('-')[0]!,
  releasedBy: 'dana',
  gitCommit: 'abc123',
  shared: [{ name: 'react', version: '19.2.0', requiredVersion: '^19.2.0', singleton: true }],
  exposes: ['./BrowseRoutes', './TopCourses'],
});

const refused = async (work: Promise<unknown>, status: number, message: RegExp) => {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ReleaseError);
  expect((error as ReleaseError).status).toBe(status);
  expect((error as ReleaseError).message).toMatch(message);
};

describe('the release registry', () => {
  it('migrates, records the built dist once, and makes the first release current', async () => {
    const db = database();
    await migrateReleases(db);
    await migrateReleases(db);
    const repo = createReleaseRepository(db);
    expect(
      await repo.ensureInitial({ ...release('x-0000000000'), version: DIST_VERSION, remote: 'player' }),
    ).toBe(true);
    expect(
      await repo.ensureInitial({ ...release('x-0000000000'), version: DIST_VERSION, remote: 'player' }),
    ).toBe(false);
    const first = await repo.record(release('v1-1111111111', 'account'));
    expect(first.status).toBe('current');
    const channels = await repo.channels();
    expect(channels.find((c) => c.remote === 'player')).toMatchObject({
      current: DIST_VERSION,
      previous: null,
      canary: null,
    });
    expect(channels.find((c) => c.remote === 'account')).toMatchObject({ current: 'v1-1111111111' });
  });

  it('promotes, rolls back to the previous release, and keeps the history', async () => {
    const repo = createReleaseRepository(database());
    await repo.ensureInitial({ ...release('x-0000000000'), version: DIST_VERSION });
    const v2 = await repo.record(release('v2-2222222222'));
    expect(v2.status).toBe('available');
    expect(v2).toMatchObject({
      releasedBy: 'dana',
      gitCommit: 'abc123',
      exposes: ['./BrowseRoutes', './TopCourses'],
      loadErrors: 0,
    });
    await refused(repo.record(release('v2-2222222222')), 409, /already released/);

    const promoted = await repo.promote('catalog', 'v2-2222222222', 'ops@catalyst.example');
    expect(promoted).toMatchObject({
      current: 'v2-2222222222',
      previous: DIST_VERSION,
      updatedBy: 'ops@catalyst.example',
    });
    await refused(repo.promote('catalog', 'v2-2222222222', 'ops'), 409, /already runs/);

    const back = await repo.rollback('catalog', 'ops');
    expect(back).toMatchObject({
      undone: 'promotion',
      channel: { current: DIST_VERSION, previous: 'v2-2222222222' },
    });

    const [catalog] = (await repo.list()).filter((entry) => entry.remote === 'catalog');
    expect(catalog!.releases.map((r) => [r.version, r.status])).toEqual(
      expect.arrayContaining([
        [DIST_VERSION, 'current'],
        ['v2-2222222222', 'previous'],
      ]),
    );
    expect(catalog!.history.map((event) => event.action)).toEqual([
      'rollback',
      'promote',
      'release',
      'promote',
    ]);
  });

  it('runs a canary for a share of people; rollback ends it, promote makes it everyone’s', async () => {
    const repo = createReleaseRepository(database());
    await repo.record(release('v1-aaaaaaaaaa', 'community'));
    await repo.record(release('v2-bbbbbbbbbb', 'community'));
    const channel = await repo.canary('community', 'v2-bbbbbbbbbb', 10, 'ops');
    expect(channel).toMatchObject({
      current: 'v1-aaaaaaaaaa',
      canary: { version: 'v2-bbbbbbbbbb', percent: 10 },
    });
    const listed = (await repo.list()).find((entry) => entry.remote === 'community')!;
    expect(listed.releases.find((r) => r.version === 'v2-bbbbbbbbbb')!.status).toBe('canary');

    expect(await repo.rollback('community', 'ops')).toMatchObject({
      undone: 'canary',
      channel: { current: 'v1-aaaaaaaaaa', canary: null },
    });
    await repo.canary('community', 'v2-bbbbbbbbbb', 50, 'ops');
    expect(await repo.promote('community', 'v2-bbbbbbbbbb', 'ops')).toMatchObject({
      current: 'v2-bbbbbbbbbb',
      previous: 'v1-aaaaaaaaaa',
      canary: null,
    });
  });

  it('refuses what cannot be done, saying why', async () => {
    const repo = createReleaseRepository(database());
    await repo.record(release('v1-cccccccccc', 'admin'));
    await refused(repo.promote('nothing', 'v1-cccccccccc', 'ops'), 404, /Unknown front end "nothing"/);
    await refused(repo.promote('admin', 'v9-9999999999', 'ops'), 404, /admin has no release v9-9999999999/);
    await refused(repo.rollback('admin', 'ops'), 409, /no previous release/);
    await refused(repo.canary('admin', 'v1-cccccccccc', 10, 'ops'), 409, /already admin's current release/);
    await repo.record(release('v2-dddddddddd', 'admin'));
    await refused(repo.canary('admin', 'v2-dddddddddd', 0, 'ops'), 400, /more than 0/);
    await refused(repo.canary('admin', 'v2-dddddddddd', 100, 'ops'), 400, /less than 100/);
    await refused(repo.canary('shell', 'v2-dddddddddd', 10, 'ops'), 400, /shell is released whole/);
    await refused(repo.record({ ...release('bad version'), remote: 'admin' }), 400, /not a release version/);
  });

  it('counts load errors of recorded versions only', async () => {
    const repo = createReleaseRepository(database());
    await repo.record(release('v1-eeeeeeeeee', 'player'));
    expect(await repo.countLoadError('player', 'v1-eeeeeeeeee')).toBe(true);
    expect(await repo.countLoadError('player', 'v1-eeeeeeeeee')).toBe(true);
    expect(await repo.countLoadError('player', 'v0-ffffffffff')).toBe(false);
    const player = (await repo.list()).find((entry) => entry.remote === 'player')!;
    const counted = player.releases.find((r) => r.version === 'v1-eeeeeeeeee')!;
    expect(counted.loadErrors).toBe(2);
    expect(counted.lastErrorAt).not.toBeNull();
  });
});
