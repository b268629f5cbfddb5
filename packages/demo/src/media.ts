// The demo media committed in /media at the repository root: which lesson a demo product plays, and how
// long each lesson really is. Lengths are measured with ffprobe when the demo is seeded, never written down.
import path from 'node:path';
import { demoHash } from '@catalyst/service-kit/ids';
import { ffprobePath, measureMediaSeconds } from '@catalyst/service-kit/media-tools';

/** The short playable lessons in media/videos (see media/README.md). */
export const DEMO_VIDEOS = [
  '/media/videos/lesson-1.mp4',
  '/media/videos/lesson-2.mp4',
  '/media/videos/lesson-3.mp4',
  '/media/videos/lesson-4.mp4',
  '/media/videos/lesson-5.mp4',
] as const;

/**
 * The lesson a demo product plays, derived from its slug like its id: the content seed points the
 * product at it and the progress seed places the demo member inside it, without either asking the other.
 */
export const demoVideoFor = (slug: string): string =>
  DEMO_VIDEOS[parseInt(demoHash(`video:${slug}`).slice(0, 8), 16) % DEMO_VIDEOS.length]!;

/** The repository's /media folder (a demo media address `/media/...` is a path under the repository root). */
export const DEMO_MEDIA_ROOT = path.resolve(import.meta.dirname, '../../..');

/** The media asset the worker makes of a demo lesson (the content seed points the lesson's products at it). */
export const demoAssetId = (video: string): string => demoHash(`asset:${video}`).slice(0, 24);

/**
 * Every demo lesson's real length in seconds, keyed by its `/media/...` address. A lesson that cannot
 * be measured (media not shipped, no ffprobe) is left out, and the callers treat its length as unknown.
 */
export async function measureDemoVideos(
  onError: (video: string, error: Error) => void,
  root = DEMO_MEDIA_ROOT,
): Promise<Map<string, number>> {
  const lengths = new Map<string, number>();
  let ffprobe: string;
  try {
    ffprobe = ffprobePath();
  } catch (e) {
    for (const video of DEMO_VIDEOS) onError(video, e as Error);
    return lengths;
  }
  for (const video of DEMO_VIDEOS) {
    try {
      lengths.set(video, await measureMediaSeconds(path.join(root, video), ffprobe));
    } catch (e) {
      onError(video, e as Error);
    }
  }
  return lengths;
}
