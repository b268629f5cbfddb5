import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { releaseRoutes, type Release, type RemoteReleases } from '@catalyst/contracts';
import { fakeApi, success, type FakeApi } from '@catalyst/web-kit/testing';
import { ReleasesPage } from './ReleasesPage';
import { flashMessage, rowCells } from '../testing/adminPage';

const release = (version: string, status: Release['status'], extra: Partial<Release> = {}): Release => ({
  remote: 'catalog',
  version,
  label: version.split('-')[0]!,
  releasedBy: 'dana@catalyst.example',
  createdAt: '2026-11-24T12:00:00.000Z',
  gitCommit: '0123456789abcdef',
  shared: [],
  exposes: ['./BrowseRoutes'],
  loadErrors: 0,
  lastErrorAt: null,
  status,
  ...extra,
});

const channel = {
  remote: 'catalog',
  current: 'v1-1111111111',
  previous: 'dist',
  canary: { version: 'v2-2222222222', percent: 10 },
  updatedAt: '2026-11-24T12:00:00.000Z',
  updatedBy: 'ops',
};
const catalog: RemoteReleases = {
  remote: 'catalog',
  channel,
  releases: [
    release('v2-2222222222', 'canary', { loadErrors: 7 }),
    release('v1-1111111111', 'current'),
    release('dist', 'previous', { label: 'built dist (served in place)' }),
  ],
  history: [
    {
      action: 'canary',
      version: 'v2-2222222222',
      detail: '10%',
      actor: 'ops',
      at: '2026-11-24T12:00:00.000Z',
    },
  ],
};

let fake: FakeApi;

beforeEach(() => {
  fake = fakeApi()
    .on(releaseRoutes.list, {
      remotes: [catalog, { remote: 'player', channel: null, releases: [], history: [] }],
    })
    .fail(releaseRoutes.canary, 409, 'v1-1111111111 is already catalog’s current release')
    .on(
      releaseRoutes.rollback,
      success(
        { channel: { ...channel, canary: null }, undone: 'canary' },
        { message: 'The canary of catalog ended: everyone runs v1-1111111111.' },
      ),
    )
    .on(
      releaseRoutes.promote,
      success(
        { ...channel, current: 'dist', canary: null },
        { message: 'catalog now runs dist for everyone.' },
      ),
    );
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/admin/releases']}>
      <ReleasesPage />
    </MemoryRouter>,
  );

/** What a confirmation dialog says it will do. */
const question = (dialog: HTMLElement) => dialog.querySelector('form > p')?.textContent;

describe('the releases page', () => {
  it('lists each front end with what it runs, its canary, and every release with status, who, commit and load errors', async () => {
    renderPage();
    const section = await screen.findByTestId('releases-catalog');
    expect(within(section).getByText(/canary/, { selector: 'p' }).textContent).toBe(
      'Runs v1-1111111111 · canary v2-2222222222 for 10%',
    );
    const rows = within(section).getAllByTestId('release-row');
    expect(rows.map((row) => row.getAttribute('data-version'))).toEqual([
      'v2-2222222222',
      'v1-1111111111',
      'dist',
    ]);
    expect(rowCells(rows[0]!).Status).toBe('Canary');
    expect(within(rows[0]!).getByTestId('load-errors').textContent).toBe('7');
    expect(rowCells(rows[1]!).Status).toBe('Current');
    expect(within(rows[1]!).queryByRole('button', { name: 'Promote' })).toBeNull();
    expect(rowCells(rows[2]!).Commit).toBe('01234567');
    expect(screen.getByTestId('releases-player').querySelector('header p')?.textContent).toBe(
      'No release recorded',
    );
  });

  it('ends a canary in one confirmed action and says so', async () => {
    const user = userEvent.setup();
    renderPage();
    const section = await screen.findByTestId('releases-catalog');
    await user.click(within(section).getByRole('button', { name: 'End canary' }));
    const dialog = await screen.findByRole('dialog');
    expect(question(dialog)).toBe('End the canary of v2-2222222222: everyone runs v1-1111111111 again.');
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    await waitFor(() =>
      expect(flashMessage()).toBe('The canary of catalog ended: everyone runs v1-1111111111.'),
    );
    expect(fake.callsTo(releaseRoutes.rollback, { remote: 'catalog' }).length > 0).toBe(true);
  });

  it('promotes a release after confirmation, and shows a refused canary’s reason in the dialog', async () => {
    const user = userEvent.setup();
    renderPage();
    const rows = within(await screen.findByTestId('releases-catalog')).getAllByTestId('release-row');
    await user.click(within(rows[2]!).getByRole('button', { name: 'Promote' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(flashMessage()).toBe('catalog now runs dist for everyone.'));
    expect(fake.callsTo(releaseRoutes.promote)[0]!.body).toEqual({ version: 'dist' });

    await user.click(within(rows[2]!).getByRole('button', { name: 'Canary' }));
    const dialog = await screen.findByRole('dialog');
    const share = within(dialog).getByLabelText('Share of people (%)');
    await user.clear(share);
    await user.type(share, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Start canary' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'v1-1111111111 is already catalog’s current release',
    );
    expect(fake.callsTo(releaseRoutes.canary)[0]!.body).toEqual({
      version: 'dist',
      percent: 25,
    });
  });
});
