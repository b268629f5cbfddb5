import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  audiencesOf,
  canonicalMediaPath,
  isProtectedMediaPath,
  mediaGrantCookies,
  mediaGrantOfCookies,
  signMediaGrant,
  signMediaUrl,
  signStreamToken,
  verifyMediaGrant,
  verifyMediaUrl,
  verifyStreamToken,
  type MediaViewer,
} from './media-urls';

const secret = 'a-secret-of-at-least-thirty-two-characters!';
const now = Date.UTC(2026, 0, 1);
const video = '/media/videos/lesson-1.mp4';
const member: MediaViewer = { userId: '0123456789abcdef01234567', access: 'plan' };
/** What a request holding the member's own grant is. */
const memberSees = audiencesOf(member);

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
    const signed = signMediaUrl(video, secret, member, 60, now);
    const { path, exp, sig } = parts(signed);
    expect(signed.startsWith(`${video}?exp=`)).toBe(true);
    expect(path).toBe(video);
    expect(Number(exp)).toBe(now / 1000 + 60);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyMediaUrl(path, exp, sig, secret, memberSees, now)).toBe(true);
    expect(verifyMediaUrl(path, exp, sig, secret, memberSees, now + 59_000)).toBe(true);
  });

  it('refuses the signature for another path', () => {
    const { exp, sig } = parts(signMediaUrl(video, secret, member, 60, now));
    expect(verifyMediaUrl('/media/videos/lesson-2.mp4', exp, sig, secret, memberSees, now)).toBe(false);
    expect(verifyMediaUrl('/media/videos/lesson-1.mp4x', exp, sig, secret, memberSees, now)).toBe(false);
  });

  it('refuses a pushed-back expiry', () => {
    const { path, exp, sig } = parts(signMediaUrl(video, secret, member, 60, now));
    expect(verifyMediaUrl(path, String(Number(exp) + 3600), sig, secret, memberSees, now)).toBe(false);
    expect(verifyMediaUrl(path, `0${exp}`, sig, secret, memberSees, now)).toBe(false);
  });

  it('refuses an expired address', () => {
    const { path, exp, sig } = parts(signMediaUrl(video, secret, member, 60, now));
    expect(verifyMediaUrl(path, exp, sig, secret, memberSees, now + 60_000)).toBe(false);
    expect(verifyMediaUrl(path, exp, sig, secret, memberSees, now + 86_400_000)).toBe(false);
  });

  it('refuses an address signed with another secret', () => {
    const { path, exp, sig } = parts(
      signMediaUrl(video, 'another-secret-of-thirty-two-chars-long!', member, 60, now),
    );
    expect(verifyMediaUrl(path, exp, sig, secret, memberSees, now)).toBe(false);
  });

  it('does not sign with the internal secret itself (a key of its own)', () => {
    const { exp, sig } = parts(signMediaUrl(video, secret, member, 60, now));
    const withRawSecret = createHmac('sha256', secret)
      .update(`media:video:lesson-1:${exp}:${member.userId}:plan`)
      .digest('base64url');
    expect(sig).not.toBe(withRawSecret);
  });

  it('refuses garbage without throwing', () => {
    const { exp, sig } = parts(signMediaUrl(video, secret, member, 60, now));
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
      expect(verifyMediaUrl(video, e, s, secret, memberSees, now), JSON.stringify([e, s])).toBe(false);
    }
    expect(verifyMediaUrl('%E0%A4%A', exp, sig, secret, memberSees, now)).toBe(false);
  });

  it('accepts the same file spelt another way, since the signature is over the canonical path', () => {
    const { exp, sig } = parts(signMediaUrl(video, secret, member, 60, now));
    expect(verifyMediaUrl('/media//videos/lesson-1.mp4', exp, sig, secret, memberSees, now)).toBe(true);
    expect(verifyMediaUrl('/media/videos/lesson%2D1.mp4', exp, sig, secret, memberSees, now)).toBe(true);
    expect(
      verifyMediaUrl('/media/thumbnails/../videos/lesson-1.mp4', exp, sig, secret, memberSees, now),
    ).toBe(true);
  });

  it('signs only site paths without a query', () => {
    expect(() => signMediaUrl('/media/videos/a.mp4?v=2', secret, member)).toThrow();
    expect(() => signMediaUrl('https://cdn.example/a.mp4', secret, member)).toThrow();
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

describe('media bound to the viewer', () => {
  const learner: MediaViewer = { userId: 'fedcba9876543210fedcba98', access: 'free' };
  const memberWithoutPlan: MediaViewer = { userId: member.userId, access: 'free' };
  const asGrant = (viewer: MediaViewer) => {
    const cookie = mediaGrantCookies(signMediaGrant(viewer, secret, 600, now))[0]!.split(';')[0]!;
    return audiencesOf(mediaGrantOfCookies(cookie, secret, now));
  };

  it("opens a viewer's address only beside that viewer's own grant", () => {
    const { path, exp, sig } = parts(signMediaUrl(video, secret, member, 60, now));
    expect(verifyMediaUrl(path, exp, sig, secret, asGrant(member), now)).toBe(true);
    expect(verifyMediaUrl(path, exp, sig, secret, audiencesOf(undefined), now)).toBe(false);
    expect(verifyMediaUrl(path, exp, sig, secret, asGrant(learner), now)).toBe(false);
    expect(verifyMediaUrl(path, exp, sig, secret, asGrant({ ...learner, access: 'plan' }), now)).toBe(false);
  });

  it("refuses a plan address beside the same viewer's grant made without the plan (a free preview's)", () => {
    const { path, exp, sig } = parts(signMediaUrl(video, secret, member, 60, now));
    expect(verifyMediaUrl(path, exp, sig, secret, asGrant(memberWithoutPlan), now)).toBe(false);
    // what opens without the plan opens beside either grant
    const free = parts(signMediaUrl(video, secret, memberWithoutPlan, 60, now));
    expect(verifyMediaUrl(free.path, free.exp, free.sig, secret, asGrant(memberWithoutPlan), now)).toBe(true);
    expect(verifyMediaUrl(free.path, free.exp, free.sig, secret, asGrant(member), now)).toBe(true);
  });

  it("opens a video's captions with the video's own signed address, and anyone's address without a grant", () => {
    const { exp, sig } = parts(signMediaUrl(video, secret, member, 60, now));
    expect(verifyMediaUrl('/media/captions/lesson-1.vtt', exp, sig, secret, asGrant(member), now)).toBe(true);
    expect(verifyMediaUrl('/media/captions/lesson-2.vtt', exp, sig, secret, asGrant(member), now)).toBe(
      false,
    );
    expect(verifyMediaUrl('/media/captions/lesson-1.vtt', exp, sig, secret, asGrant(learner), now)).toBe(
      false,
    );
    const open = parts(signMediaUrl('/media/captions/lesson-1.vtt', secret, 'anyone', 60, now));
    expect(verifyMediaUrl(open.path, open.exp, open.sig, secret, audiencesOf(undefined), now)).toBe(true);
    // captions' own address never opens the video beside them
    expect(verifyMediaUrl(video, open.exp, open.sig, secret, audiencesOf(undefined), now)).toBe(false);
    expect(verifyMediaUrl(video, open.exp, open.sig, secret, asGrant(member), now)).toBe(false);
  });

  it('reads a grant back as its viewer, and refuses a changed, foreign or expired one', () => {
    const grant = signMediaGrant(member, secret, 600, now);
    expect(verifyMediaGrant(grant, secret, now)).toEqual(member);
    expect(verifyMediaGrant(grant.replace('.p.', '.f.'), secret, now)).toBeUndefined();
    expect(verifyMediaGrant(grant.replace(member.userId, learner.userId), secret, now)).toBeUndefined();
    expect(verifyMediaGrant(grant, 'another-secret-of-thirty-two-chars-long!', now)).toBeUndefined();
    expect(verifyMediaGrant(grant, secret, now + 600_000)).toBeUndefined();
    expect(mediaGrantOfCookies(`a=b; catalyst_media=${grant}; c=d`, secret, now)).toEqual(member);
    expect(mediaGrantOfCookies('catalyst_media=nonsense', secret, now)).toBeUndefined();
  });

  it('hands and takes back the grant on both media paths', () => {
    expect(mediaGrantCookies('g', 600).map((c) => /Path=([^;]+)/.exec(c)?.[1])).toEqual([
      '/media',
      '/api/v1/media',
    ]);
  });

  it("binds a stream token to its asset and viewer: another account's grant or none opens nothing", () => {
    const asset = 'abcdefabcdefabcdefabcdef';
    const token = signStreamToken(asset, secret, member, 1800, now);
    expect(verifyStreamToken(token, asset, secret, asGrant(member), now)).toBe(true);
    expect(verifyStreamToken(token, asset, secret, audiencesOf(undefined), now)).toBe(false);
    expect(verifyStreamToken(token, asset, secret, asGrant(learner), now)).toBe(false);
    expect(verifyStreamToken(token, asset, secret, asGrant(memberWithoutPlan), now)).toBe(false);
    expect(verifyStreamToken(token, 'abcdefabcdefabcdefabcdee', secret, asGrant(member), now)).toBe(false);
    const open = signStreamToken(asset, secret, 'anyone', 1800, now);
    expect(verifyStreamToken(open, asset, secret, audiencesOf(undefined), now)).toBe(true);
  });
});
