import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_INTERNAL_SECRET } from '@catalyst/service-kit/testing';
import { sendJson, startWorld } from './testing/upstreams';

const LMS = 'https://lms.school.example';

describe('frame headers for LTI', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  beforeAll(async () => {
    world = await startWorld();
    // Auth's answer to the gateway's question, as the real route gives it (the shared secret required).
    world.auth.handle((req, res) => {
      if (req.url !== '/internal/lti/frame-origins') return false;
      if (req.headers['x-catalyst-internal'] !== TEST_INTERNAL_SECRET)
        sendJson(res, 404, { success: false, message: 'Not found' });
      else sendJson(res, 200, { success: true, data: { origins: [LMS] } });
      return true;
    });
  });
  afterAll(() => world.close());

  it('lets registered platforms frame the course pages a launch opens, and nothing else', async () => {
    const course = await fetch(`${world.gateway.url}/browse/premium/product/react-basics/lesson/l1`);
    expect(course.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${LMS}`);
    expect(course.headers.get('x-frame-options')).toBeNull();

    const home = await fetch(`${world.gateway.url}/account`);
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(home.headers.get('x-frame-options')).toBe('DENY');
  });

  it('leaves X-Frame-Options off the LTI routes only, whose answers name their own frame-ancestors', async () => {
    const launch = await fetch(`${world.gateway.url}/api/v1/auth/lti/launch`, { method: 'POST' });
    expect(launch.headers.get('x-frame-options')).toBeNull();
    const me = await fetch(`${world.gateway.url}/api/v1/auth/me`);
    expect(me.headers.get('x-frame-options')).toBe('DENY');
  });
});
