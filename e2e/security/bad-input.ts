/**
 * Bad input everywhere: malformed JSON, wrong types, 413 bodies, huge strings, unicode and control
 * characters, SQL-injection and path-traversal strings in every body field, path and query parameter.
 * Always a 4xx in the one error shape or a legitimate success, never a 5xx; a refusal writes nothing.
 */
import { randomBytes } from 'node:crypto';
import {
  demoTeam,
  type AdminCategory,
  type AdminCreator,
  type AdminProduct,
  type SessionResponse,
} from '@catalyst/contracts';
import { communitySamples, communityWriteRoutes } from './community';
import { countChanges, dataOf, describe, isErrorShape, type Res, sleep, type Suite } from './harness';

export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE content.products; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)--',
  "admin'--",
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '\u0000',
  'nul\u0000byte',
  '\u0007\u001b[31m\r\n\t',
  '\u202e\u0631\u0644 𝕏😀 ﷽ Ω',
  '\ud800',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
];

export interface WriteRoute {
  method: string;
  path: string;
  token: () => Promise<string | undefined>;
  /** A body that passes validation (fresh each call, so unique fields stay unique). */
  valid: () => Record<string, unknown>;
  /**
   * Rows a success writes after it has answered (a new account's verification link is issued in the
   * background, so registration's timing tells nothing): the next case waits for them, or counts them as its own.
   */
  background?: { table: string; rows: number };
}

/** The write routes, each with a caller allowed to use it and a valid body. */
export async function writeRoutes(suite: Suite): Promise<WriteRoute[]> {
  const f = suite.fixtures;
  const uniq = () => randomBytes(4).toString('hex');
  const freshUser = async () => {
    const { token, email } = await suite.registerAccount({
      name: 'Bad Input',
      email: `bad-${uniq()}@example.com`,
    });
    return { token, email };
  };
  const profileUser = await freshUser();
  const passwordUser = await freshUser();
  const category = await suite.request<AdminCategory>('POST', '/admin/categories', {
    token: f.tokens.admin,
    body: {
      name: `Fuzz target ${uniq()}`,
      description: 'A category the suites may overwrite.',
      slug: `fuzz-target-${uniq()}`,
    },
  });
  const creator = await suite.request<AdminCreator>('POST', '/admin/creators', {
    token: f.tokens.admin,
    body: {
      name: `Fuzz creator ${uniq()}`,
      description: 'A creator the suites may overwrite.',
      slug: `fuzz-creator-${uniq()}`,
    },
  });
  const product = await suite.request<AdminProduct>('POST', '/admin/products', {
    token: f.tokens.admin,
    body: {
      title: `Fuzz product ${uniq()}`,
      description: 'A product the suites may overwrite.',
      category: f.product.categoryId,
      creator: f.product.creatorId,
    },
  });
  const admin = async () => f.tokens.admin;
  // The demo team's owner (Northwind: 10 seats, 9 taken), for the team's own write routes.
  const teamOwner = dataOf(
    await suite.request<SessionResponse>('POST', '/auth/login', {
      body: { email: demoTeam.owner.email, password: demoTeam.owner.password },
    }),
  ).token;
  const member = async () => f.tokens.member;
  const anonymous = async () => undefined;
  const categoryBody = () => ({
    name: `Cat ${uniq()}`,
    description: 'Ten characters at least.',
    slug: `cat-${uniq()}`,
    icon: '📁',
    color: '#f59e0b',
    isActive: true,
    sortOrder: 1,
  });
  const creatorBody = () => ({
    name: `Creator ${uniq()}`,
    description: 'Someone who teaches.',
    slug: `creator-${uniq()}`,
    icon: '🎓',
    color: '#3b82f6',
    isActive: true,
    sortOrder: 1,
  });
  const productBody = () => ({
    title: `Product ${uniq()}`,
    description: 'Something to learn.',
    content: '<p>Hello</p>',
    category: f.product.categoryId,
    creator: f.product.creatorId,
    type: 'course',
    difficulty: 'beginner',
    duration: 10,
    thumbnail: '/media/thumbnails/x.jpg',
    videoUrl: '/media/videos/x.mp4',
    tags: ['a', 'b'],
    price: 0,
    instructor: 'Someone',
    slug: `product-${uniq()}`,
    isActive: true,
    isPublished: false,
    isFeatured: false,
    sortOrder: 0,
  });
  return [
    {
      method: 'POST',
      path: '/auth/register',
      token: anonymous,
      valid: () => ({ name: 'New Person', email: `reg-${uniq()}@example.com`, password: 'Secure-pass-1' }),
      background: { table: 'auth.email_verifications', rows: 1 },
    },
    {
      method: 'POST',
      path: '/auth/login',
      token: anonymous,
      valid: () => ({ email: `nobody-${uniq()}@example.com`, password: 'Wrong-pass-1' }),
    },
    {
      method: 'PUT',
      path: '/users/profile',
      token: async () => profileUser.token,
      valid: () => ({ name: 'Bad Input', email: profileUser.email }),
    },
    {
      method: 'PUT',
      path: '/users/change-password',
      token: async () => passwordUser.token,
      valid: () => ({
        currentPassword: 'Not-current-1',
        newPassword: 'Secure-pass-2',
        confirmPassword: 'Secure-pass-2',
      }),
    },
    { method: 'POST', path: '/admin/categories', token: admin, valid: categoryBody },
    { method: 'PUT', path: `/admin/categories/${dataOf(category)._id}`, token: admin, valid: categoryBody },
    { method: 'POST', path: '/admin/creators', token: admin, valid: creatorBody },
    { method: 'PUT', path: `/admin/creators/${dataOf(creator)._id}`, token: admin, valid: creatorBody },
    { method: 'POST', path: '/admin/products', token: admin, valid: productBody },
    { method: 'PUT', path: `/admin/products/${dataOf(product)._id}`, token: admin, valid: productBody },
    {
      method: 'PATCH',
      path: `/content/progress/product/${f.product._id}`,
      token: member,
      valid: () => ({ progress: 40, lastPosition: 100, completed: false }),
    },
    {
      method: 'PATCH',
      path: `/content/progress/product/${f.product._id}/complete`,
      token: member,
      valid: () => ({ clientTime: Date.now() }),
    },
    {
      method: 'PATCH',
      path: `/content/progress/product/${f.product._id}/reset`,
      token: member,
      valid: () => ({ clientTime: Date.now() }),
    },
    {
      method: 'POST',
      path: '/subscription/create-checkout-session',
      token: async () => f.tokens.learner,
      valid: () => ({ plan: 'premium' }),
    },
    {
      method: 'POST',
      path: '/subscription/confirm',
      token: async () => f.tokens.learner,
      valid: () => ({ sessionId: `cs_${uniq()}` }),
    },
    {
      method: 'POST',
      path: '/teams/checkout',
      token: async () => f.tokens.learner,
      valid: () => ({ name: `Team ${uniq()}`, seats: 3, interval: 'month' }),
    },
    {
      method: 'POST',
      path: '/teams/confirm',
      token: async () => f.tokens.learner,
      valid: () => ({ sessionId: `cs_${uniq()}` }),
    },
    {
      method: 'PUT',
      path: `/teams/${demoTeam.id}/seats`,
      token: async () => teamOwner,
      valid: () => ({ seats: demoTeam.seats }),
    },
    {
      method: 'POST',
      path: `/teams/${demoTeam.id}/invitations`,
      token: async () => teamOwner,
      valid: () => ({ emails: [`invitee-${uniq()}@example.com`] }),
    },
    {
      method: 'PUT',
      path: `/teams/${demoTeam.id}/members/${demoTeam.members[0].id}/role`,
      token: async () => teamOwner,
      valid: () => ({ role: 'member' }),
    },
    {
      method: 'POST',
      path: '/client-errors',
      token: anonymous,
      valid: () => ({ message: 'boom', source: 'test' }),
    },
    ...(await communityWriteRoutes(suite)),
  ];
}

/** Every table but those a refused request may legitimately touch (none) — sessions only grow on success. */
async function expectRefusalWritesNothing(
  suite: Suite,
  name: string,
  send: () => Promise<Res>,
  opts: { allowSuccess?: boolean; background?: WriteRoute['background'] } = {},
): Promise<Res> {
  const before = await suite.rowCounts();
  const res = await send();
  const changed = countChanges(before, await suite.rowCounts());
  if (res.status >= 500) suite.check(name, false, 'never a 5xx', describe(res));
  else if (res.status >= 400) {
    suite.check(name, isErrorShape(res.body), '4xx in the one error shape', describe(res));
    suite.check(`${name}: writes nothing`, changed.length === 0, 'no row written', changed.join(', '));
  } else {
    suite.check(name, opts.allowSuccess !== false, 'a 4xx refusal', describe(res));
    if (opts.background) await backgroundWritten(suite, name, opts.background, before);
  }
  return res;
}

/** Waits (up to 5 s) for the rows a success writes after answering; a success that never writes them fails. */
async function backgroundWritten(
  suite: Suite,
  name: string,
  { table, rows }: NonNullable<WriteRoute['background']>,
  before: Map<string, number>,
) {
  const expected = (before.get(table) ?? 0) + rows;
  const deadline = Date.now() + 5_000;
  let seen = -1;
  while (Date.now() < deadline) {
    seen = await suite.rowCount(table);
    if (seen >= expected) return;
    await sleep(20);
  }
  suite.check(`${name}: writes ${table} after answering`, false, `${expected} rows`, `${seen} rows`);
}

export async function badInput(suite: Suite) {
  const routes = await writeRoutes(suite);
  const huge = 'x'.repeat(300_000);
  for (const route of routes) {
    const token = await route.token();
    const label = `${route.method} ${route.path.replace(/[0-9a-f]{24}/g, ':id')}`;
    const send = (opts: { body?: unknown; raw?: string; headers?: Record<string, string> }) => () =>
      suite.request(route.method, route.path, {
        token,
        ...opts,
        headers: {
          ...(opts.raw !== undefined ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
      });

    for (const [what, raw] of [
      ['truncated JSON', '{"a":'],
      ['JSON with a trailing comma', '{"a":1,}'],
      ['not JSON at all', "name='x'"],
      ['a JSON string', '"just a string"'],
      ['a JSON array', '[1,2,3]'],
      ['JSON null', 'null'],
      ['a number', '42'],
      ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]).toString('latin1')],
      ['deeply nested JSON', '['.repeat(5000) + ']'.repeat(5000)],
    ] as const) {
      await expectRefusalWritesNothing(suite, `${label}: ${what} is a 4xx`, send({ raw }), {
        allowSuccess:
          route.path === '/client-errors' || route.path.endsWith('/complete') || route.path.endsWith('/reset')
            ? undefined
            : false,
      });
    }
    await expectRefusalWritesNothing(
      suite,
      `${label}: a 2 MB body is refused`,
      send({ raw: JSON.stringify({ ...route.valid(), pad: 'y'.repeat(2_000_000) }) }),
      { allowSuccess: false },
    );
    const big = await suite.request(route.method, route.path, {
      token,
      raw: JSON.stringify({ ...route.valid(), pad: 'y'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    suite.check(`${label}: a 2 MB body is 413`, big.status === 413, '413', describe(big));

    const fields = Object.keys(route.valid());
    for (const field of fields) {
      const wrongTypes: unknown[] = [{ nested: { deep: true } }, [[1, 2], { a: 1 }], huge, -1e308, 'NaN', ''];
      for (const value of wrongTypes) {
        const body = { ...route.valid(), [field]: value };
        const what =
          typeof value === 'string'
            ? value.length > 100
              ? 'a 300 000-character string'
              : `"${value}"`
            : JSON.stringify(value).slice(0, 30);
        await expectRefusalWritesNothing(suite, `${label}: ${field} = ${what}`, send({ body }), {
          background: route.background,
        });
      }
      for (const value of HOSTILE_STRINGS) {
        const body = { ...route.valid(), [field]: value };
        await expectRefusalWritesNothing(
          suite,
          `${label}: ${field} = ${JSON.stringify(value)}`,
          send({ body }),
          { background: route.background },
        );
      }
    }
  }

  // A body within BODY_LIMIT but over its route's JSON limit (64 KiB for sign-in) is a 413 every time, never a
  // 503: the gateway refuses it itself, and a service refusing a body mid-send leaves the sender its answer.
  const overAuthLimit = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(900_000) });
  const answers = new Map<string, number>();
  for (let i = 0; i < 100; i++) {
    const res = await suite.request('POST', '/auth/login', {
      raw: overAuthLimit,
      headers: { 'content-type': 'application/json' },
    });
    const key = `${res.status} ${res.body?.message ?? res.text.slice(0, 60)}`;
    answers.set(key, (answers.get(key) ?? 0) + 1);
  }
  suite.check(
    'POST /auth/login with 900 KB, 100 times: always 413',
    answers.size === 1 && answers.get('413 Request body is too large') === 100,
    '413 Request body is too large ×100',
    [...answers].map(([k, n]) => `${k} ×${n}`).join(', '),
  );

  // Forms and raw bodies are held to their route's declared limit too (64 KiB unless the route asks for more): an
  // unload save and an unsubscribe of 200 KB are the gateway's 413, and nothing is written.
  const pad = 'p'.repeat(200_000);
  const unloadSave = new URLSearchParams({
    data: JSON.stringify({ progress: 41, lastPosition: 101, completed: false }),
    _method: 'PATCH',
    pad,
  }).toString();
  const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
  for (const [what, path, token, raw] of [
    [
      'an unload save (a form)',
      `/content/progress/product/${suite.fixtures.product._id}`,
      suite.fixtures.tokens.member,
      unloadSave,
    ],
    [
      'a one-click unsubscribe (raw)',
      '/community/unsubscribe?token=x',
      undefined,
      `List-Unsubscribe=One-Click&pad=${pad}`,
    ],
  ] as const) {
    const send = () => suite.request('POST', path, { token, raw, headers: urlencoded });
    const res = await expectRefusalWritesNothing(suite, `POST ${what} of 200 KB is refused`, send, {
      allowSuccess: false,
    });
    suite.check(
      `POST ${what} of 200 KB is 413`,
      res.status === 413 && res.body?.message === 'Request body is too large',
      '413 Request body is too large',
      describe(res),
    );
  }

  // Path and query parameters of every GET route.
  const f = suite.fixtures;
  const community = await communitySamples(suite);
  const paths = [
    '/categories/{p}',
    '/categories/{p}/products',
    '/content/categories/{p}',
    '/content/categories/{p}/products',
    '/content/products/{p}',
    '/content/premium/products/{p}',
    '/content/premium/categories/{p}',
    '/users/premium/categories/{p}/creators',
    '/users/premium/products/{p}',
    `/users/premium/products/${f.product.creatorId}/category/{p}`,
    '/users/premium/products/{p}/category/' + f.product.categoryId,
    '/admin/categories/{p}',
    '/admin/products/{p}',
    '/admin/creators/{p}',
    '/content/progress/product/{p}',
    '/content/progress/categories/{p}',
    '/community/threads/{p}',
    '/community/threads/{p}/replies',
    '/community/live/{p}',
    '/community/live/{p}/questions',
  ];
  const pathValues = [
    ...HOSTILE_STRINGS,
    'a'.repeat(5000),
    '%ZZ',
    '%00',
    '0'.repeat(24),
    'ABCDEF0123456789abcdef01',
  ];
  for (const template of paths) {
    for (const value of pathValues) {
      const encoded = value === '%ZZ' || value === '%00' ? value : safeEncode(value);
      const token = template.startsWith('/admin') ? f.tokens.admin : f.tokens.member;
      const res = await suite.request('GET', template.replace('{p}', encoded), { token });
      suite.check(
        `GET ${template} with ${JSON.stringify(value.slice(0, 40))}`,
        res.status >= 400 && res.status < 500 && isErrorShape(res.body),
        '4xx (404/400) in the one error shape',
        describe(res),
      );
    }
  }
  const queries: [string, string[], string | undefined][] = [
    ['/categories', ['search', 'sort', 'page', 'limit'], undefined],
    [
      '/content/products',
      ['search', 'type', 'difficulty', 'category', 'creator', 'featured', 'sort', 'page', 'limit'],
      undefined,
    ],
    [
      `/content/categories/${f.categorySlug}/products`,
      ['search', 'type', 'difficulty', 'creator', 'featured', 'sort', 'page', 'limit'],
      undefined,
    ],
    [
      '/content/premium/products',
      ['search', 'type', 'difficulty', 'category', 'creator', 'sort', 'page', 'limit'],
      'member',
    ],
    [`/users/premium/categories/${f.categorySlug}/creators`, ['search', 'sort'], 'member'],
    [
      `/users/premium/products/${f.product.creatorId}`,
      ['search', 'type', 'difficulty', 'featured', 'sort'],
      'member',
    ],
    ['/admin/products', ['search', 'category', 'creator', 'status', 'sort', 'page', 'limit'], 'admin'],
    ['/admin/categories', ['search', 'sort', 'page', 'limit'], 'admin'],
    ['/admin/creators', ['search', 'sort', 'page', 'limit'], 'admin'],
    ['/content/progress', ['status', 'page', 'limit'], 'member'],
    ['/content/progress/recent', ['status', 'limit'], 'member'],
    ['/subscription/status', ['session_id'], 'learner'],
    ['/auth/verify-email', ['token'], undefined],
    [
      `/community/threads?productId=${f.product._id}`,
      ['productId', 'lessonId', 'sort', 'cursor', 'limit'],
      'member',
    ],
    [`/community/threads/${community.threadId}/replies`, ['sort', 'cursor', 'limit'], 'member'],
    ['/admin/community/reports', ['status', 'page', 'limit'], 'admin'],
    ['/admin/community/audit', ['page', 'limit'], 'admin'],
  ];
  const queryValues = [...HOSTILE_STRINGS, 'a'.repeat(5000), '-1', '1e309', '99999999999999999999', '%ZZ'];
  for (const [path, names, role] of queries) {
    const token = role ? f.tokens[role as 'member'] : undefined;
    for (const name of names) {
      for (const value of queryValues) {
        const q = value === '%ZZ' ? value : safeEncode(value);
        const res = await suite.request('GET', `${path}?${name}=${q}&${name}=${q}`, { token });
        const ok = res.status < 500 && (res.status < 400 || isErrorShape(res.body));
        suite.check(
          `GET ${path.replace(/[0-9a-f]{24}/g, ':id')}?${name}=${JSON.stringify(value.slice(0, 40))}`,
          ok,
          'a 2xx or a 4xx in the one error shape, never 5xx',
          describe(res),
        );
      }
    }
  }
  // The tables the injections named are all still there.
  const counts = await suite.rowCounts();
  suite.check(
    'no table was dropped or emptied by an injection',
    (counts.get('content.products') ?? 0) >= 48 && (counts.get('auth.users') ?? 0) >= 3,
    '≥48 products, ≥3 users',
    JSON.stringify([...counts]),
  );
}

/** encodeURIComponent, with a lone surrogate sent as the (invalid) UTF-8 bytes a hostile client would send. */
function safeEncode(value: string) {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}
