import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testUsers } from '@catalyst/service-kit/testing';
import { createTestContext } from '../test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('player_settings').execute();
});

const sub = testUsers.subscriber;
const learner = testUsers.learner;

describe('player settings', () => {
  it('has autoplay on until the learner turns it off, and keeps it per account', async () => {
    expect(await ctx.call(sub, 'GET', '/player-settings')).toMatchObject({
      status: 200,
      body: { success: true, data: { autoplay: true } },
    });
    const off = await ctx.call(sub, 'PUT', '/player-settings', { autoplay: false });
    expect(off).toMatchObject({ status: 200, body: { data: { autoplay: false } } });
    expect((await ctx.call(sub, 'GET', '/player-settings')).body.data).toEqual({ autoplay: false });
    // another learner's settings are their own
    expect((await ctx.call(learner, 'GET', '/player-settings')).body.data).toEqual({ autoplay: true });
    // and back on again
    await ctx.call(sub, 'PUT', '/player-settings', { autoplay: true });
    expect((await ctx.call(sub, 'GET', '/player-settings')).body.data).toEqual({ autoplay: true });
  });

  it('refuses a setting that is not a yes or no, or one it does not know, in the one error shape', async () => {
    for (const body of [{ autoplay: 'off' }, {}, { autoplay: false, theatre: true }]) {
      const res = await ctx.call(sub, 'PUT', '/player-settings', body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await ctx.call(sub, 'GET', '/player-settings')).body.data).toEqual({ autoplay: true });
  });

  it('asks for a sign-in', async () => {
    expect((await ctx.call(null, 'GET', '/player-settings')).status).toBe(401);
    expect((await ctx.call(null, 'PUT', '/player-settings', { autoplay: false })).status).toBe(401);
  });
});
