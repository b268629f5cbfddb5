import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalHeaders } from '@catalyst/service-kit/testing';
import { createTestCommunity, creator, ids, learner, otherSubscriber, subscriber } from '../test-support';
import { sendCreatorNews } from './creator-news';

let t: Awaited<ReturnType<typeof createTestCommunity>>;
beforeAll(async () => {
  t = await createTestCommunity();
});
afterAll(() => t.close());

const followPath = (creatorId: string) => `/community/creators/${creatorId}/follow`;
const published = async (items: { productId: string; creatorId: string }[]) => {
  const res = await t.app.request('/internal/community/creator-news', {
    method: 'POST',
    headers: { ...internalHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ items }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { queued: number } }).data.queued;
};
const send = () =>
  sendCreatorNews({
    ...t.deps,
    site: {
      publicUrl: 'https://learn.catalyst.test',
      siteName: 'Catalyst',
      secret: t.deps.config.INTERNAL_SECRET,
    },
  });
const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);

describe('following a creator', () => {
  it('follows, counts followers, unfollows; an unknown creator is a 404 and visitors are asked to sign in', async () => {
    expect((await t.call(null, 'PUT', followPath(creator.id))).status).toBe(401);
    const unknown = await t.call(learner, 'PUT', followPath('33333333333333333333ccff'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: 'Creator not found' });

    expect((await t.call(learner, 'PUT', followPath(creator.id))).body.data).toEqual({
      creatorId: creator.id,
      following: true,
      followers: 1,
    });
    // following again changes nothing
    expect((await t.call(learner, 'PUT', followPath(creator.id))).body.data.followers).toBe(1);
    expect((await t.call(otherSubscriber, 'GET', followPath(creator.id))).body.data).toEqual({
      creatorId: creator.id,
      following: false,
      followers: 1,
    });
    expect((await t.call(learner, 'DELETE', followPath(creator.id))).body.data).toEqual({
      creatorId: creator.id,
      following: false,
      followers: 0,
    });
  });

  it("mails each follower once when the creator publishes, and the e-mail's link stops that creator's news", async () => {
    await t.call(subscriber, 'PUT', followPath(creator.id));
    await t.call(otherSubscriber, 'PUT', followPath(creator.id));
    expect(await published([{ productId: ids.course, creatorId: creator.id }])).toBe(2);
    // content handing the same item over again (a lost answer) queues nothing more
    expect(await published([{ productId: ids.course, creatorId: creator.id }])).toBe(0);

    expect(await send()).toBe(2);
    expect(await send()).toBe(0);
    const [mail, ...more] = mailsTo(subscriber.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('New from Maya Chen: “React Course”');
    expect(mail!.text).toContain('https://learn.catalyst.test/browse/premium/product/react-course');
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const stop =
      /Stop following Maya Chen: https:\/\/learn\.catalyst\.test\/unsubscribe\?token=([\w.-]+)/.exec(
        mail!.text,
      );
    expect(stop).not.toBeNull();

    const res = await t.call(null, 'POST', `/community/unsubscribe?token=${stop![1]}`);
    expect(res.body.data).toEqual({ scope: 'creator', threadTitle: null, creatorName: 'Maya Chen' });
    expect((await t.call(subscriber, 'GET', followPath(creator.id))).body.data.following).toBe(false);
    expect((await t.call(otherSubscriber, 'GET', followPath(creator.id))).body.data.following).toBe(true);
  });

  it('drops news of an item no longer published without an e-mail', async () => {
    const before = t.mailer.sent.length;
    expect(await published([{ productId: ids.draft, creatorId: creator.id }])).toBe(1);
    expect(await send()).toBe(0);
    expect(t.mailer.sent.length).toBe(before);
    expect(await t.db.selectFrom('creator_news').selectAll().execute()).toEqual([]);
  });
});
