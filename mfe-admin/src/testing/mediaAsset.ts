import type { MediaAsset } from '@catalyst/contracts';

/** A ready video asset as media answers the admin (intro.mp4, 720p), with what a test changes. */
export const readyVideo = (id: string, changes: Partial<MediaAsset> = {}): MediaAsset => ({
  id,
  kind: 'video',
  originalName: 'intro.mp4',
  mimeType: 'video/mp4',
  size: 5_000_000,
  received: 5_000_000,
  status: 'ready',
  progress: 100,
  reprocessing: false,
  outdated: false,
  reason: null,
  durationSeconds: 60,
  width: 1280,
  height: 720,
  posterUrl: null,
  streamUrl: null,
  storyboardUrl: null,
  captionsUrl: null,
  renditions: [],
  images: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...changes,
});
