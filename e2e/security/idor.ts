/**
 * Another user's data: progress read and write, profile fields a user must not set, and premium
 * products (page, HTML content, video) without an entitlement.
 */
import {
  PREMIUM_REQUIRED_MESSAGE,
  type AdminProduct,
  type ProductDetail,
  type Progress,
} from '@catalyst/contracts';
import { dataOf, describe, type Suite } from './harness';

export async function idor(suite: Suite) {
  const f = suite.fixtures;
  const p = f.product;
  const rowOf = async (userId: string) =>
    (
      await suite.db.query(
        'select progress, last_position, completed from progress.progress where user_id = $1 and product_id = $2',
        [userId, p._id],
      )
    ).rows[0];

  // The member's progress on a product: a position inside its video (a save beyond the end is kept at the end).
  const saved = await suite.request('PATCH', `/content/progress/product/${p._id}`, {
    token: f.tokens.member,
    body: { progress: 37, lastPosition: 23.45 },
  });
  suite.check('the member saves progress', saved.status === 200, '200', describe(saved));
  const memberRow = await rowOf(f.users.member.id);

  // Another entitled user (admin) reads and writes the same product: only their own row.
  const adminRead = await suite.request<Progress>(
    'GET',
    `/content/progress/product/${p._id}?userId=${f.users.member.id}&user_id=${f.users.member.id}`,
    { token: f.tokens.admin },
  );
  suite.check(
    "reading a product's progress never shows another user's",
    adminRead.status === 200 && dataOf(adminRead).lastPosition !== 23.45,
    "the admin's own progress",
    describe(adminRead),
  );
  const hijack = await suite.request(
    'PATCH',
    `/content/progress/product/${p._id}?userId=${f.users.member.id}`,
    {
      token: f.tokens.admin,
      body: {
        progress: 99,
        lastPosition: 1,
        userId: f.users.member.id,
        user_id: f.users.member.id,
        user: f.users.member.id,
      },
    },
  );
  suite.check(
    'a write naming another user is refused or applies to the caller',
    hijack.status < 500,
    'no 5xx',
    describe(hijack),
  );
  const afterHijack = await rowOf(f.users.member.id);
  suite.check(
    "another user's progress row is untouched",
    JSON.stringify(afterHijack) === JSON.stringify(memberRow),
    JSON.stringify(memberRow),
    JSON.stringify(afterHijack),
  );
  for (const action of ['complete', 'reset']) {
    await suite.request('PATCH', `/content/progress/product/${p._id}/${action}?userId=${f.users.member.id}`, {
      token: f.tokens.admin,
      body: { userId: f.users.member.id },
    });
    const row = await rowOf(f.users.member.id);
    suite.check(
      `${action} by another user leaves the member's row untouched`,
      JSON.stringify(row) === JSON.stringify(memberRow),
      JSON.stringify(memberRow),
      JSON.stringify(row),
    );
  }
  const form = new FormData();
  form.set('data', JSON.stringify({ progress: 88, lastPosition: 2, userId: f.users.member.id }));
  form.set('_method', 'PATCH');
  form.set('userId', f.users.member.id);
  await suite.request('POST', `/content/progress/product/${p._id}`, { token: f.tokens.admin, raw: form });
  suite.check(
    "the unload form naming another user leaves the member's row untouched",
    JSON.stringify(await rowOf(f.users.member.id)) === JSON.stringify(memberRow),
    JSON.stringify(memberRow),
    JSON.stringify(await rowOf(f.users.member.id)),
  );

  // Lists are the caller's own.
  for (const role of ['learner', 'admin'] as const) {
    for (const path of [
      `/content/progress?userId=${f.users.member.id}`,
      `/content/progress/recent?userId=${f.users.member.id}`,
      `/content/progress/stats?userId=${f.users.member.id}`,
      `/content/progress/categories/${p.categoryId}?userId=${f.users.member.id}`,
    ]) {
      const res = await suite.request('GET', path, { token: f.tokens[role] });
      suite.check(
        `${role}: ${path.split('?')[0]} never lists the member's progress`,
        res.status < 500 && !res.text.includes('23.45'),
        "no trace of the member's row",
        describe(res),
      );
    }
  }
  // A learner without a plan cannot read or write progress of a premium product.
  for (const [method, path, body] of [
    ['GET', `/content/progress/product/${p._id}`, undefined],
    ['PATCH', `/content/progress/product/${p._id}`, { progress: 5, lastPosition: 5 }],
    ['PATCH', `/content/progress/product/${p._id}/complete`, {}],
  ] as const) {
    const res = await suite.request(method, path, { token: f.tokens.learner, body });
    suite.check(
      `learner: ${method} ${path} needs the plan`,
      res.status === 403 && res.body?.message === PREMIUM_REQUIRED_MESSAGE,
      `403 '${PREMIUM_REQUIRED_MESSAGE}'`,
      describe(res),
    );
  }
  const learnerRow = await rowOf(f.users.learner.id);
  suite.check(
    'no progress row was written for the learner',
    learnerRow === undefined,
    'no row',
    JSON.stringify(learnerRow),
  );

  // Profile: role and id cannot be set by the user (mass assignment).
  const seeker = await suite.registerAccount({
    name: 'Role Seeker',
    email: `role-${Date.now()}@example.com`,
    extra: { role: 'admin', _id: f.users.admin.id, id: f.users.admin.id, emailVerified: true },
  });
  const reg = seeker.registerAnswer;
  suite.check(
    'register ignores role/id/verified fields',
    seeker.user.role === 'user' && seeker.id !== f.users.admin.id && seeker.user.emailVerified === false,
    'role user, a new id, unverified',
    `${describe(reg)} → ${JSON.stringify(seeker.user)}`,
  );
  if (reg.status < 300) {
    const token = seeker.token;
    const email = seeker.email;
    const upd = await suite.request('PUT', '/users/profile', {
      token,
      body: { name: 'Role Seeker', email, role: 'admin', id: f.users.admin.id, _id: f.users.admin.id },
    });
    const row = (await suite.db.query('select role from auth.users where email = $1', [email])).rows[0];
    suite.check(
      'profile update cannot grant admin',
      upd.status < 500 && row?.role === 'user',
      'role stays user',
      `${describe(upd)} role=${row?.role}`,
    );
    const stats = await suite.request('GET', '/admin/stats', { token });
    suite.check('…and the session is still not admin', stats.status === 403, '403', describe(stats));
    const steal = await suite.request('PUT', '/users/profile', {
      token,
      body: { name: 'Role Seeker', email: f.users.member.email, currentPassword: seeker.password },
    });
    const owner = (await suite.db.query('select id from auth.users where email = $1', [f.users.member.email]))
      .rows[0];
    // The answer never says the address is taken (no 409): nothing changes and the owner is warned.
    suite.check(
      "profile update cannot take another user's e-mail",
      steal.status < 500 && owner?.id === f.users.member.id,
      'the member keeps the address',
      describe(steal),
    );
  }

  // Premium products without an entitlement.
  const adminView = await suite.request<AdminProduct>('GET', `/admin/products/${p._id}`, {
    token: f.tokens.admin,
  });
  const videoUrl = adminView.body?.data?.videoUrl ?? undefined;
  const content = adminView.body?.data?.content ?? undefined;
  for (const role of ['anonymous', 'learner'] as const) {
    const token = role === 'anonymous' ? undefined : f.tokens.learner;
    for (const id of [p.slug, p._id, p.productId]) {
      const res = await suite.request('GET', `/content/premium/products/${id}`, { token });
      suite.check(
        `${role}: premium product ${id} refused`,
        res.status === (role === 'anonymous' ? 401 : 403) && !res.text.includes('videoUrl'),
        role === 'anonymous' ? '401' : '403',
        describe(res),
      );
      // Read as the premium answer it must not be: the fields it must leave out.
      const pub = await suite.request<Partial<ProductDetail>>('GET', `/content/products/${id}`, { token });
      const leaked =
        pub.body?.data &&
        (pub.body.data.videoUrl || pub.body.data.content || (videoUrl && pub.text.includes(videoUrl)));
      suite.check(
        `${role}: public view of product ${id} carries no video or HTML content`,
        pub.status === 200 && !leaked,
        '200 without videoUrl/content',
        describe(pub),
      );
    }
    for (const path of [
      '/content/products?limit=100',
      '/content/products/top',
      `/categories/${f.categorySlug}/products?limit=100`,
      `/content/categories/${f.categorySlug}/products?limit=100`,
    ]) {
      const res = await suite.request('GET', path, { token });
      const leak =
        /"videoUrl"\s*:\s*"|"content"\s*:\s*"/.test(res.text) ||
        (videoUrl ? res.text.includes(videoUrl) : false);
      suite.check(
        `${role}: ${path} carries no video URL or HTML content`,
        res.status === 200 && !leak,
        'no videoUrl/content',
        describe(res),
      );
    }
  }
  suite.check(
    'the admin view has a video and content to protect',
    Boolean(videoUrl && content),
    'videoUrl and content',
    describe(adminView),
  );
  if (videoUrl) {
    for (const role of ['anonymous', 'learner'] as const) {
      const res = await fetch(new URL(videoUrl, suite.url), {
        headers: {
          range: 'bytes=0-99',
          'x-forwarded-for': '10.1.1.1',
          ...(role === 'learner' ? { authorization: `Bearer ${f.tokens.learner}` } : {}),
        },
      });
      const size = (await res.arrayBuffer()).byteLength;
      suite.check(
        `${role}: the premium video file itself is refused`,
        res.status === 401 || res.status === 403,
        '401/403',
        `${res.status} (${size} bytes of ${res.headers.get('content-type')})`,
      );
    }
    // An entitled member gets a signed, expiring address that plays; altering it is refused.
    const memberView = await suite.request<ProductDetail>('GET', `/content/premium/products/${p._id}`, {
      token: f.tokens.member,
    });
    const signed = memberView.body?.data?.videoUrl ?? undefined;
    suite.check(
      'the member gets a signed video address',
      Boolean(signed && /[?&]exp=\d+/.test(signed) && /[?&]sig=/.test(signed)),
      'videoUrl with exp and sig',
      describe(memberView),
    );
    if (signed && videoUrl.startsWith('/media/videos/')) {
      // The member's browser holds their media grant (an HttpOnly cookie given with the product page).
      const grant = (memberView.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const fetchVideo = async (url: string) => {
        const res = await fetch(new URL(url, suite.url), {
          headers: { range: 'bytes=0-99', 'x-forwarded-for': '10.1.1.2', cookie: grant },
        });
        return { status: res.status, size: (await res.arrayBuffer()).byteLength };
      };
      const good = await fetchVideo(signed);
      suite.check(
        'the signed address plays with byte ranges (206)',
        good.status === 206 && good.size === 100,
        '206, 100 bytes',
        `${good.status} (${good.size} bytes)`,
      );
      const pushed = signed.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 86_400}`);
      const elsewhere = signed.replace(/\/media\/videos\/[^/?#]+/, '/media/videos/not-this-one.mp4');
      const expired = signed.replace(/exp=(\d+)/, 'exp=1000000000');
      for (const [name, url] of [
        ['a pushed-back expiry', pushed],
        ['another file', elsewhere],
        ['an expired time', expired],
      ] as const) {
        const res = await fetchVideo(url);
        suite.check(
          `the signed address with ${name} is refused`,
          res.status === 403,
          '403',
          `${res.status} (${res.size} bytes)`,
        );
      }
    }
  }

  // Drafts: an unpublished product is invisible outside the admin area.
  const draft = await suite.request<AdminProduct>('POST', '/admin/products', {
    token: f.tokens.admin,
    body: {
      title: `Draft ${Date.now()}`,
      description: 'A draft nobody may see.',
      category: p.categoryId,
      creator: p.creatorId,
      isPublished: false,
      content: '<p>secret draft</p>',
    },
  });
  suite.check('admin creates a draft', draft.status === 201 || draft.status === 200, '201', describe(draft));
  if (draft.body?.data) {
    const d = draft.body.data;
    for (const role of ['anonymous', 'learner', 'member'] as const) {
      const token = role === 'anonymous' ? undefined : f.tokens[role];
      for (const path of [
        `/content/products/${d.slug}`,
        `/content/premium/products/${d.slug}`,
        `/content/premium/products/${d._id}`,
      ]) {
        const res = await suite.request('GET', path, { token });
        suite.check(
          `${role}: draft via ${path.replace(d.slug, '<slug>').replace(d._id, '<id>')} is not shown`,
          res.status >= 400 && res.status < 500 && !res.text.includes('secret draft'),
          '4xx',
          describe(res),
        );
      }
    }
    const progress = await suite.request('PATCH', `/content/progress/product/${d._id}`, {
      token: f.tokens.member,
      body: { progress: 10, lastPosition: 1 },
    });
    suite.check('member: progress on a draft is refused', progress.status === 404, '404', describe(progress));
    await suite.request('DELETE', `/admin/products/${d._id}`, { token: f.tokens.admin });
  }
}
