import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_MESSAGES, type Identity } from '@catalyst/contracts';
import { identityHeaders, internalHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, fx, insertFixtures, type TestContext } from '../test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db);
});
afterAll(() => ctx.close());

const person = (n: number, email: string): Identity => ({
  id: `00000000000000000000f${String(n).padStart(3, '0')}`,
  role: 'user',
  email,
  name: `Person ${n}`,
});

/** Invites an address to a creator as the admin; answers the token read from the mailed link. */
async function invite(creatorId: string, email: string) {
  const res = await ctx.admin('POST', `/admin/creators/${creatorId}/invitations`, { email });
  expect(res.status).toBe(201);
  const mail = ctx.mailer.sent.filter((m) => m.to === email.toLowerCase()).at(-1)!;
  const token = /\/studio\/join\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  return { token, invitation: res.body.data };
}

const internal = async (method: string, path: string, body?: unknown) => {
  const res = await ctx.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...internalHeaders() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

describe('creator invitations', () => {
  it("mails the invitation in the inviting admin's language when the address has none of its own", async () => {
    const spanishAdmin: Identity = { ...testUsers.admin, locale: 'es' };
    const res = await ctx.call(spanishAdmin, 'POST', `/admin/creators/${fx.alice}/invitations`, {
      email: 'lucia@test.example',
    });
    expect(res.status).toBe(201);
    const mail = ctx.mailer.sent.filter((m) => m.to === 'lucia@test.example').at(-1)!;
    expect(mail.subject).toMatch(/^Te han invitado a gestionar los cursos de .+ en Catalyst$/);
    expect(mail.text.split('\n').at(-1)).toBe('El enlace funciona una sola vez y caduca en 7 días.');
    expect(mail.headers).toEqual({ 'Content-Language': 'es' });
    const revoked = await ctx.admin('DELETE', `/admin/creators/${fx.alice}/invitations/${res.body.data.id}`);
    expect(revoked.status).toBe(200);
  });

  it('links the invited account to the creator and makes it a creator, once', async () => {
    const maya = person(1, 'maya@test.example');
    const { token, invitation } = await invite(fx.alice, 'Maya@Test.example');
    expect(invitation.email).toBe('maya@test.example');
    const pending = await ctx.admin('GET', `/admin/creators/${fx.alice}/accounts`);
    expect(pending.body.data.invitations.map((i: { email: string }) => i.email)).toEqual([
      'maya@test.example',
    ]);

    const accepted = await ctx.call(maya, 'POST', `/studio/invitations/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.creator).toEqual({ id: fx.alice, name: 'Alice Doe', slug: 'alice-doe' });
    expect(ctx.peers.state.roles.get(maya.id)).toBe('creator');

    const listed = await ctx.admin('GET', `/admin/creators/${fx.alice}/accounts`);
    expect(listed.body.data.invitations).toEqual([]);
    expect(listed.body.data.accounts).toMatchObject([{ userId: maya.id, email: 'maya@test.example' }]);

    const again = await ctx.call(maya, 'POST', `/studio/invitations/${token}/accept`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: STUDIO_MESSAGES.invitationUsed });
  });

  it('refuses another address, an expired link, a revoked one and an unknown one', async () => {
    const { token } = await invite(fx.bob, 'bob@test.example');
    const other = await ctx.call(
      person(2, 'eve@test.example'),
      'POST',
      `/studio/invitations/${token}/accept`,
    );
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(STUDIO_MESSAGES.invitationOtherAddress);

    await ctx.db
      .updateTable('creator_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', 'bob@test.example')
      .execute();
    const late = await ctx.call(person(3, 'bob@test.example'), 'POST', `/studio/invitations/${token}/accept`);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(STUDIO_MESSAGES.invitationExpired);

    const { token: second, invitation } = await invite(fx.bob, 'bob@test.example');
    const revoked = await ctx.admin('DELETE', `/admin/creators/${fx.bob}/invitations/${invitation.id}`);
    expect(revoked.status).toBe(200);
    const gone = await ctx.call(
      person(3, 'bob@test.example'),
      'POST',
      `/studio/invitations/${second}/accept`,
    );
    expect(gone.status).toBe(404);
    const unknown = await ctx.call(person(3, 'bob@test.example'), 'POST', '/studio/invitations/nope/accept');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(STUDIO_MESSAGES.invitationNotFound);
    expect(ctx.peers.state.roles.has(person(3, 'bob@test.example').id)).toBe(false);
  });

  it('keeps an account to one creator, and unlinking makes it a learner again', async () => {
    const sam = person(4, 'sam@test.example');
    await ctx.call(sam, 'POST', `/studio/invitations/${(await invite(fx.bob, sam.email)).token}/accept`);
    const elsewhere = await ctx.call(
      sam,
      'POST',
      `/studio/invitations/${(await invite(fx.alice, sam.email)).token}/accept`,
    );
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe(STUDIO_MESSAGES.alreadyLinked);

    const res = await ctx.app.request(`/admin/creators/${fx.bob}/accounts/${sam.id}`, {
      method: 'DELETE',
      headers: identityHeaders(testUsers.admin as Identity),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-catalyst-evict-user')).toBe(sam.id);
    expect(ctx.peers.state.roles.get(sam.id)).toBe('user');
    expect((await ctx.admin('DELETE', `/admin/creators/${fx.bob}/accounts/${sam.id}`)).status).toBe(404);
  });

  it('is the admin’s alone', async () => {
    expect(
      (await ctx.call('learner', 'POST', `/admin/creators/${fx.alice}/invitations`, { email: 'x@y.z' }))
        .status,
    ).toBe(403);
    expect((await ctx.call('anonymous', 'POST', '/studio/invitations/abc/accept')).status).toBe(401);
  });
});

describe('what analytics and royalties ask', () => {
  it('answers the creator of an account, of products, and a creator’s products', async () => {
    const maya = person(1, 'maya@test.example');
    expect((await internal('GET', `/internal/content/creators/of-user/${maya.id}`)).body.data).toEqual({
      creatorId: fx.alice,
    });
    expect((await internal('GET', `/internal/content/creators/of-user/${testUsers.learner.id}`)).status).toBe(
      404,
    );
    const creators = await internal('POST', '/internal/content/product-creators', {
      productIds: [fx.react, fx.sql, '0000000000000000000fffff'],
    });
    expect(creators.body.data).toEqual(
      expect.arrayContaining([
        { productId: fx.react, creatorId: fx.alice, creatorName: 'Alice Doe', title: 'React Basics' },
      ]),
    );
    expect(creators.body.data).toHaveLength(2);
    const products = await internal('GET', `/internal/content/creators/${fx.alice}/products`);
    expect(products.body.data.map((p: { productId: string }) => p.productId)).toContain(fx.react);
    expect((await ctx.call('admin', 'GET', `/internal/content/creators/${fx.alice}/products`)).status).toBe(
      404,
    );
  });
});
