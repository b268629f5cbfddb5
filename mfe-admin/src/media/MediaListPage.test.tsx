import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { assetRoutes, type AdminMediaAsset } from '@catalyst/contracts';
import { failure, fakeApi, success, type FakeApi } from '@catalyst/web-kit/testing';
import { MediaListPage } from './MediaListPage';

const id = (n: number) => n.toString(16).padStart(24, '0');
const asset = (n: number, originalName: string, extra: Partial<AdminMediaAsset> = {}): AdminMediaAsset => ({
  id: id(n),
  kind: 'video',
  originalName,
  mimeType: 'video/mp4',
  size: 8_000_000,
  received: 8_000_000,
  status: 'ready',
  progress: 100,
  reprocessing: false,
  outdated: false,
  reason: null,
  durationSeconds: 95,
  width: 1280,
  height: 720,
  posterUrl: null,
  streamUrl: `/api/v1/media/streams/${id(n)}/master.m3u8?token=t`,
  storyboardUrl: null,
  renditions: [
    { height: 360, bandwidth: 920_000 },
    { height: 720, bandwidth: 3_124_000 },
  ],
  images: [],
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  usage: [],
  ...extra,
});

let assets: AdminMediaAsset[];
/** Older encodes on later pages of the list (not among `assets`). */
let olderElsewhere: number;
let fake: FakeApi;

beforeEach(() => {
  olderElsewhere = 0;
  assets = [
    asset(1, 'intro.mp4', { outdated: true }),
    asset(2, 'keynote.mp4'),
    asset(3, 'cover.png', { kind: 'image', mimeType: 'image/png', streamUrl: null, renditions: [] }),
  ];
  const again = (item: AdminMediaAsset) => Object.assign(item, { reprocessing: true, progress: 0 });
  const waiting = () => assets.filter((item) => item.outdated && !item.reprocessing);
  fake = fakeApi()
    .on(assetRoutes.listAssets, () => ({
      items: assets,
      total: assets.length + olderElsewhere,
      page: 1,
      limit: 20,
      outdated: waiting().length + olderElsewhere,
    }))
    .on(assetRoutes.reprocessOutdated, () => {
      const queued = waiting().map(again).length + olderElsewhere;
      olderElsewhere = 0;
      return success({ queued }, { message: 'Processing again' });
    })
    .on(assetRoutes.reprocessAsset, ({ params }) => {
      const found = assets.find((item) => item.id === params.id);
      return found ? success(again(found), { message: 'Processing again' }) : failure(404, 'Not found');
    });
});
afterEach(() => vi.unstubAllGlobals());

const row = (name: string) =>
  screen.getAllByTestId('media-row').find((tr) => tr.textContent?.includes(name))!;
/** A file's Status cell. */
const statusOf = (name: string) => row(name).querySelectorAll('td')[2]?.textContent;
/** The note on older encodes, with its button. */
const olderNote = () =>
  screen.getByRole('button', { name: 'Process older videos again' }).parentElement?.textContent;
const renderPage = () =>
  render(
    <MemoryRouter>
      <MediaListPage />
    </MemoryRouter>,
  );

describe('the Media page', () => {
  it('marks a video an earlier ladder encoded, and processes every such video again on one click while they keep playing', async () => {
    renderPage();
    await waitFor(() => expect(statusOf('intro.mp4')).toBe('Ready · older encode'));
    expect(statusOf('keynote.mp4')).toBe('Ready');
    expect(olderNote()).toBe(
      '1 video was encoded before the current quality ladder; processed again, they take less data for the ' +
        'same picture. Process older videos again',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Process older videos again' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Processing 1 video again; each keeps playing meanwhile',
    );
    expect(fake.requests().filter((request) => request.startsWith('POST'))).toEqual([
      'POST /media/reprocess-outdated',
    ]);
    await waitFor(() => expect(statusOf('intro.mp4')).toBe('Ready · processing again 0%'));
    expect(screen.queryByRole('button', { name: 'Process older videos again' })).toBeNull();
  });

  it('offers the bulk request when every older video is on another page of the list', async () => {
    assets = assets.map((item) => ({ ...item, outdated: false }));
    olderElsewhere = 3;
    renderPage();
    await waitFor(() =>
      expect(olderNote()).toBe(
        '3 videos were encoded before the current quality ladder; processed again, they take less data for ' +
          'the same picture. Process older videos again',
      ),
    );
    expect(screen.queryByText('Ready · older encode')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Process older videos again' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Processing 3 videos again; each keeps playing meanwhile',
    );
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Process older videos again' })).toBeNull(),
    );
  });

  it('processes one ready video again; only ready videos offer it', async () => {
    renderPage();
    await screen.findByText('Ready · older encode');
    expect(within(row('cover.png')).queryByRole('button', { name: 'Process again' })).toBeNull();

    await userEvent.click(within(row('keynote.mp4')).getByRole('button', { name: 'Process again' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Processing keynote.mp4 again; it keeps playing meanwhile',
    );
    expect(fake.requests().filter((request) => request.startsWith('POST'))).toEqual([
      `POST /media/assets/${id(2)}/reprocess`,
    ]);
    await waitFor(() => expect(statusOf('keynote.mp4')).toBe('Ready · processing again 0%'));
    expect(within(row('keynote.mp4')).queryByRole('button', { name: 'Process again' })).toBeNull();
  });
});
