import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalMediaPath, isProtectedMediaPath, signMediaUrl, verifyMediaUrl } from './media-urls';

const secret = 'a-secret-of-at-least-thirty-two-characters!';
const now = Date.UTC(2026, 0, 1);
const video = '/media/videos/lesson-1.mp4';

/** The path, exp and sig of a signed address, as the gateway reads them. */
function parts(signed: string) {
  const url = new URL(signed, 'http://localhost');
  return {
    path: url.pathname,
    exp: url.searchParams.get('exp') ?? undefined,
    sig: url.searchParams.get('sig') ?? undefined,
  };
}

describe('signed media URLs', () => {
  it('signs a path with an expiry a given number of seconds ahead, and verifies it', () => {
    const signed = signMediaUrl(video, secret, 60, now);
    const { path, exp, sig } = parts(signed);
    expect(signed.startsWith(`${video}?exp=`)).toBe(true);
    expect(path).toBe(video);
    expect(Number(exp)).toBe(now / 1000 + 60);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyMediaUrl(path, exp, sig, secret, now)).toBe(true);
    expect(verifyMediaUrl(path, exp, sig, secret, now + 59_000)).toBe(true);
  });

  it('refuses the signature for another path', () => {
    const { exp, sig } = parts(signMediaUrl(video, secret, 60, now));
    expect(verifyMediaUrl('/media/videos/lesson-2.mp4', exp, sig, secret, now)).toBe(false);
    expect(verifyMediaUrl('/media/videos/lesson-1.mp4x', exp, sig, secret, now)).toBe(false);
  });

  it('refuses a pushed-back expiry', () => {
    const { path, exp, sig } = parts(signMediaUrl(video, secret, 60, now));
    expect(verifyMediaUrl(path, String(Number(exp) + 3600), sig, secret, now)).toBe(false);
    expect(verifyMediaUrl(path, `0${exp}`, sig, secret, now)).toBe(false);
  });

  it('refuses an expired address', () => {
    const { path, exp, sig } = parts(signMediaUrl(video, secret, 60, now));
    expect(verifyMediaUrl(path, exp, sig, secret, now + 60_000)).toBe(false);
    expect(verifyMediaUrl(path, exp, sig, secret, now + 86_400_000)).toBe(false);
  });

  it('refuses an address signed with another secret', () => {
    const { path, exp, sig } = parts(
      signMediaUrl(video, 'another-secret-of-thirty-two-chars-long!', 60, now),
    );
    expect(verifyMediaUrl(path, exp, sig, secret, now)).toBe(false);
  });

  it('does not sign with the internal secret itself (a key of its own)', () => {
    const { path, exp, sig } = parts(signMediaUrl(video, secret, 60, now));
    const withRawSecret = createHmac('sha256', secret).update(`media:${path}:${exp}`).digest('base64url');
    expect(sig).not.toBe(withRawSecret);
  });

  it('refuses garbage without throwing', () => {
    const { exp, sig } = parts(signMediaUrl(video, secret, 60, now));
    for (const [e, s] of [
      [undefined, undefined],
      [exp, undefined],
      [undefined, sig],
      ['', ''],
      ['soon', sig],
      ['-1', sig],
      ['1e12', sig],
      [`${exp}.0`, sig],
      [[exp], sig],
      [exp, [sig]],
      [exp, 'x'.repeat(10_000)],
      [exp, `${sig}=`],
      [exp, '%%%'],
      ['9'.repeat(40), sig],
    ] as const) {
      expect(verifyMediaUrl(video, e, s, secret, now), JSON.stringify([e, s])).toBe(false);
    }
    expect(verifyMediaUrl('%E0%A4%A', exp, sig, secret, now)).toBe(false);
  });

  it('accepts the same file spelt another way, since the signature is over the canonical path', () => {
    const { exp, sig } = parts(signMediaUrl(video, secret, 60, now));
    expect(verifyMediaUrl('/media//videos/lesson-1.mp4', exp, sig, secret, now)).toBe(true);
    expect(verifyMediaUrl('/media/videos/lesson%2D1.mp4', exp, sig, secret, now)).toBe(true);
    expect(verifyMediaUrl('/media/thumbnails/../videos/lesson-1.mp4', exp, sig, secret, now)).toBe(true);
  });

  it('signs only site paths without a query', () => {
    expect(() => signMediaUrl('/media/videos/a.mp4?v=2', secret)).toThrow();
    expect(() => signMediaUrl('https://cdn.example/a.mp4', secret)).toThrow();
  });

  it('knows which paths are premium videos, however they are spelt', () => {
    expect(isProtectedMediaPath('/media/videos/a.mp4')).toBe(true);
    expect(isProtectedMediaPath('/media//videos/a.mp4')).toBe(true);
    expect(isProtectedMediaPath('/media/%76ideos/a.mp4')).toBe(true);
    expect(isProtectedMediaPath('/media/VIDEOS/a.mp4')).toBe(true);
    expect(isProtectedMediaPath('/media/thumbnails/../videos/a.mp4')).toBe(true);
    expect(isProtectedMediaPath('/media/promo.mp4')).toBe(false);
    expect(isProtectedMediaPath('/media/thumbnails/a.jpg')).toBe(false);
    expect(isProtectedMediaPath('/media/captions/a.vtt')).toBe(false);
    expect(canonicalMediaPath('/media/./videos//a.mp4')).toBe('/media/videos/a.mp4');
  });
});
