import {
  MEDIA_URL_TTL_SECONDS,
  captionsPathOf,
  isProtectedMediaPath,
  mediaGrantCookies,
  signMediaGrant,
  signMediaUrl,
  type MediaAudience,
  type MediaViewer,
} from '@catalyst/service-kit';

/** The address a caller who may watch a video is given for its stored URL, signed for `audience`. */
export interface VideoUrlSigner {
  (videoUrl: string | null, audience: MediaAudience): string | null;
  /** Changes exactly when the addresses given for the same stored URLs change (so answers built from them can be kept until then). */
  epoch(): number;
  /** The Set-Cookie values (one per media path) of this viewer's media grant: without it no address signed for them plays. */
  grantCookies(viewer: MediaViewer): string[];
  /**
   * The signed address of the captions beside a local video (/media/captions/x.vtt for /media/videos/x.mp4),
   * which opens them without a grant: only for what anyone may watch (a free preview). Null for other videos.
   */
  captions(videoUrl: string | null): string | null;
}

/** Addresses are issued as of the next 10-minute mark, so one video keeps one address that long (and the browser can cache it). */
const EPOCH_MS = 10 * 60_000;

/**
 * Local premium videos (/media/videos/…) get a signed, expiring address the gateway checks; external
 * http(s) addresses and other local files are given as stored. The stored value itself is never changed
 * (the admin form round-trips it).
 */
export function createVideoUrlSigner(
  secret: string,
  { ttlSeconds = MEDIA_URL_TTL_SECONDS, now = Date.now } = {},
): VideoUrlSigner {
  const epoch = () => Math.ceil(now() / EPOCH_MS) * EPOCH_MS;
  const sign = (videoUrl: string | null, audience: MediaAudience) => {
    if (!videoUrl || !videoUrl.startsWith('/') || videoUrl.startsWith('//')) return videoUrl;
    const split = /[?#]/.exec(videoUrl);
    const path = split ? videoUrl.slice(0, split.index) : videoUrl;
    if (!isProtectedMediaPath(path)) return videoUrl;
    // Issued as of the next epoch mark: a lifetime of ttl to ttl + 10 min.
    const issuedAt = epoch();
    const signed = signMediaUrl(path, secret, audience, ttlSeconds, issuedAt);
    if (!split) return signed;
    // Keep what an admin put after the path (a ?v=2 cache buster, a #t=10 start), minus any exp/sig of its own.
    const rest = videoUrl.slice(split.index);
    const hashAt = rest.indexOf('#');
    const extra = new URLSearchParams(hashAt < 0 ? rest : rest.slice(0, hashAt));
    extra.delete('exp');
    extra.delete('sig');
    const query = extra.toString();
    return `${signed}${query ? `&${query}` : ''}${hashAt < 0 ? '' : rest.slice(hashAt)}`;
  };
  const captions = (videoUrl: string | null) => {
    const path = captionsPathOf(videoUrl);
    return path ? signMediaUrl(path, secret, 'anyone', ttlSeconds, epoch()) : null;
  };
  return Object.assign(sign, {
    epoch,
    captions,
    grantCookies: (viewer: MediaViewer) =>
      mediaGrantCookies(signMediaGrant(viewer, secret, undefined, now())),
  });
}
