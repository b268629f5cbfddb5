import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, ids, otherSubscriber } from '../test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const sub = testUsers.subscriber;
const remove = (userId: string, headers: Record<string, string> = internalHeaders()) =>
  ctx.app.request(`/internal/progress/users/${userId}`, { method: 'DELETE', headers });

describe('DELETE /internal/progress/users/:userId', () => {
  it("deletes every progress row of one user and keeps everyone else's", async () => {
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.course}`, { progress: 5, lastPosition: 5 });
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.video}`, { progress: 7, lastPosition: 7 });
    await ctx.call(otherSubscriber, 'PATCH', `/content/progress/product/${ids.course}`, { progress: 6, lastPosition: 6 });

    const res = await remove(sub.id);
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data).toEqual({ deleted: 2 });
    const left = await ctx.db.selectFrom('progress').select(['user_id', 'product_id']).execute();
    expect(left).toEqual([{ user_id: otherSubscriber.id, product_id: ids.course }]);
  });

  it('is idempotent: a user without progress answers 200 with nothing deleted', async () => {
    const res = await remove(sub.id);
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data).toEqual({ deleted: 0 });
  });

  it('refuses callers without the internal secret and a malformed id', async () => {
    expect((await remove(otherSubscriber.id, {})).status).toBe(404);
    expect(await ctx.db.selectFrom('progress').select('user_id').where('user_id', '=', otherSubscriber.id).execute()).toHaveLength(1);
    expect((await remove('not-an-id')).status).toBe(400);
  });
});
