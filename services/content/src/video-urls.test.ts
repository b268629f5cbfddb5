import { describe, expect, it } from 'vitest';
import { audiencesOf, verifyMediaGrant, verifyMediaUrl, type MediaViewer } from '@catalyst/service-kit';
import { createVideoUrlSigner } from './video-urls';

const secret = 'a-secret-of-at-least-thirty-two-characters!';
const now = Date.UTC(2026, 0, 1, 10, 20);
const sign = createVideoUrlSigner(secret, { now: () => now });

const member: MediaViewer = { userId: '0123456789abcdef01234567', access: 'plan' };
const params = (url: string) => new URL(url, 'http://gateway.test').searchParams;

describe('video addresses for entitled callers', () => {
  it('signs a local premium video for 20 to 30 minutes (the player renews it), valid at the gateway', () => {
    const signed = sign('/media/videos/lesson-1.mp4', member)!;
    expect(signed).toMatch(/^\/media\/videos\/lesson-1\.mp4\?exp=\d+&sig=[\w-]+$/);
    const exp = Number(params(signed).get('exp'));
    expect(exp).toBe(Date.UTC(2026, 0, 1, 10, 40) / 1000);
    expect(
      verifyMediaUrl(
        '/media/videos/lesson-1.mp4',
        params(signed).get('exp'),
        params(signed).get('sig'),
        secret,
        audiencesOf(member),
        now,
      ),
    ).toBe(true);
  });

  it('gives the same address within one 10-minute epoch, so the browser can reuse its cached video', () => {
    const early = createVideoUrlSigner(secret, { now: () => now + 60_000 });
    const later = createVideoUrlSigner(secret, { now: () => now + 9 * 60_000 });
    expect(later('/media/videos/lesson-1.mp4', member)).toBe(early('/media/videos/lesson-1.mp4', member));
  });

  it('gives the viewer a grant bound to their user and plan, only for /media and /api/v1/media, that expires in minutes', () => {
    const [cookie, apiCookie] = sign.grantCookies(member);
    expect(cookie).toMatch(
      /^catalyst_media=0123456789abcdef01234567\.p\.\d+\.[\w-]+; Path=\/media; Max-Age=600; HttpOnly; SameSite=Strict$/,
    );
    expect(apiCookie).toBe(cookie!.replace('Path=/media', 'Path=/api/v1/media'));
    const grant = cookie!.split(';')[0]!.split('=')[1]!;
    expect(verifyMediaGrant(grant, secret, now)).toEqual(member);
    expect(verifyMediaGrant(grant, secret, now + 11 * 60_000)).toBeUndefined();
    expect(
      verifyMediaGrant(grant.replace('0123456789abcdef01234567', 'fedcba9876543210fedcba98'), secret, now),
    ).toBeUndefined();
    expect(verifyMediaGrant(grant, 'another-secret-of-at-least-thirty-two-chars', now)).toBeUndefined();
  });

  it('leaves external addresses, other local files and nothing as they are', () => {
    for (const url of [
      'https://cdn.example/videos/a.mp4',
      'http://cdn.example/a.mp4?x=1',
      '//cdn.example/media/videos/a.mp4',
      '/media/promo.mp4',
      '/media/thumbnails/a.jpg',
      null,
      '',
    ]) {
      expect(sign(url, member)).toBe(url);
    }
  });

  it("keeps an admin's own query and fragment but signs only the path, and drops a stored exp or sig", () => {
    const signed = sign('/media/videos/lesson-1.mp4?v=2&sig=old&exp=1#t=10', member)!;
    const url = new URL(signed, 'http://gateway.test');
    expect(url.pathname).toBe('/media/videos/lesson-1.mp4');
    expect(url.searchParams.getAll('sig')).toHaveLength(1);
    expect(url.searchParams.getAll('exp')).toHaveLength(1);
    expect(url.searchParams.get('v')).toBe('2');
    expect(url.hash).toBe('#t=10');
    expect(
      verifyMediaUrl(
        url.pathname,
        url.searchParams.get('exp'),
        url.searchParams.get('sig'),
        secret,
        audiencesOf(member),
        now,
      ),
    ).toBe(true);
  });

  it("signs for one viewer: another viewer's grant, or the same viewer's without the plan, opens nothing", () => {
    const url = new URL(sign('/media/videos/lesson-1.mp4', member)!, 'http://gateway.test');
    const check = (viewer: MediaViewer) =>
      verifyMediaUrl(
        url.pathname,
        url.searchParams.get('exp'),
        url.searchParams.get('sig'),
        secret,
        audiencesOf(viewer),
        now,
      );
    expect(check(member)).toBe(true);
    expect(check({ userId: 'fedcba9876543210fedcba98', access: 'plan' })).toBe(false);
    expect(check({ userId: member.userId, access: 'free' })).toBe(false);
  });

  it('signs a premium video however its path is spelt', () => {
    const signed = sign('/media//videos/lesson-1.mp4', member)!;
    expect(signed).toContain('sig=');
  });
});
