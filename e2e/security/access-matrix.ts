/**
 * The access matrix: every declared endpoint (packages/contracts/src/routes: its `access`) × every method ×
 * anonymous, learner, subscriber and admin, through the gateway. That what is declared is what each service
 * mounts, and that the gateway routes each declaration to its owner, is proven once, without a product, by
 * gateway/src/declarations.test.ts and gateway/src/routing.test.ts.
 */
import {
  apiRoutes,
  CREATOR_REQUIRED_MESSAGE,
  PREMIUM_REQUIRED_MESSAGE,
  type RouteDeclaration,
  type SessionResponse,
  type StudioProduct,
} from '@catalyst/contracts';
import { demoLessonId } from '@catalyst/demo';
import { communityBody, communityQuery, communitySample, communitySamples } from './community';
import {
  DEMO_COURSE,
  dataOf,
  demoCourse,
  demoResource,
  demoStream,
  describe,
  isErrorShape,
  type Res,
  type Role,
  type Suite,
} from './harness';

const ROLES: Role[] = ['anonymous', 'learner', 'member', 'creator', 'admin'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const MISSING_ID = '0123456789abcdef01234567';
/** A uuid (a team's, an invitation's) that names nothing: the access decision answers before the lookup (404). */
const MISSING_UUID = '00000000-0000-4000-8000-000000000000';

/** One row of the matrix: a declared endpoint, or HEAD of a GET the gateway answers itself. */
type Endpoint = Pick<RouteDeclaration, 'path' | 'access'> & { method: RouteDeclaration['method'] | 'HEAD' };

/** Every endpoint reachable through the gateway, with who may call it. */
const endpoints: Endpoint[] = apiRoutes.flatMap((route): Endpoint[] =>
  route.service === 'gateway' && route.method === 'GET' ? [route, { ...route, method: 'HEAD' }] : [route],
);

export async function accessMatrix(suite: Suite) {
  const f = suite.fixtures;
  // Stream files need a stream token: the member's own, from a demo lesson's stream (the worker makes the
  // demo streams after start), beside the member's media grant.
  const stream = await demoStream(suite, f.tokens.member!, f.product.slug);
  // Curriculum routes: a demo course. Its free-preview lesson for the public lesson route (anyone may open
  // it); a locked lesson for progress (the plan decides); a resource's download with the member's signed link.
  const course = await demoCourse(suite, DEMO_COURSE.slug);
  const freeLesson = demoLessonId(DEMO_COURSE.slug, DEMO_COURSE.freeLesson);
  const lockedLesson = demoLessonId(DEMO_COURSE.slug, DEMO_COURSE.lockedLesson);
  const download = await demoResource(
    suite,
    f.tokens.member!,
    DEMO_COURSE.slug,
    demoLessonId(DEMO_COURSE.slug, DEMO_COURSE.resourceLesson),
  );
  const onCourse = (p: Endpoint) => p.path.includes('/lessons') || p.path.endsWith('/curriculum');
  // Community routes: a thread with replies by the member and the admin, a webinar's running live session
  // with a question on its board (made through the API; each role edits and deletes its own posts).
  const community = await communitySamples(suite);
  const params: Record<string, (p: Endpoint, role: Role) => string | undefined> = {
    idOrSlug: (p) =>
      p.path.includes('categor') ? f.categorySlug : onCourse(p) ? course.slug : f.product.slug,
    lessonId: (p) => (p.path.startsWith('/content/progress') ? lockedLesson : freeLesson),
    id: (p) => {
      if (
        p.path.startsWith('/teams/') ||
        p.path.startsWith('/admin/royalties/') ||
        p.path.startsWith('/admin/revisions/') ||
        p.path.startsWith('/admin/webhooks/') ||
        p.path.startsWith('/admin/lti/')
      )
        return MISSING_UUID;
      if (p.path.startsWith('/content/progress/categories')) return f.product.categoryId;
      if (p.path.startsWith('/content/progress')) return onCourse(p) ? course._id : f.product._id;
      if (p.method !== 'GET') return MISSING_ID;
      if (p.path.startsWith('/admin/categories')) return f.product.categoryId;
      if (p.path.startsWith('/admin/creators')) return f.product.creatorId;
      return f.product._id;
    },
    creator: () => f.product.creatorId,
    // A demo creator's public page (open to anyone).
    slug: () => 'maya-chen',
    category: () => f.product.categoryId,
    file: (p) =>
      p.path.startsWith('/media/images')
        ? 'w320.webp'
        : // a published course's card, drawn on this first ask
          p.path.startsWith('/media/cards')
          ? `${f.product.slug}.png`
          : p.path.includes(':rendition')
            ? 'index.m3u8'
            : 'master.m3u8',
    rendition: () => '360p',
    // An account id of the right form that names nobody: an admin's account actions answer 404 and never end
    // the fixtures' sessions or deactivate their accounts.
    userId: () => MISSING_ID,
    // A certificate code of the right form that names no certificate: the access decision answers before the lookup.
    code: () => '0123456789',
    // The first revocation status list (there is always one).
    list: () => '1',
    // A front end of the release registry: a fresh product serves every build in place (no release yet), so
    // the admin's rollback has nothing to undo and a promotion or canary with the matrix's empty body is a 400.
    remote: () => 'catalog',
    threadId: (p, role) => communitySample(community, 'threadId', p, role),
    postId: (p, role) => communitySample(community, 'postId', p, role),
    questionId: (p, role) => communitySample(community, 'questionId', p, role),
    productId: (p, role) => communitySample(community, 'productId', p, role),
    // A notification id of the right form that names none: marking it read is each caller's 404.
    notificationId: () => '999999999',
    // A review id of the right form that names no review: the access decision answers before the lookup (404).
    reviewId: () => MISSING_ID,
    // An invoice id of the right form that names none (a receipt's PDF: its signature decides, not a sign-in).
    invoiceId: () => 'in_0000000000000000',
    // A learning path id of the right form that names none: the access decision answers before the lookup (404),
    // and no fixture account starts following a path.
    pathId: () => MISSING_ID,
    invitationId: () => MISSING_UUID,
    // A team assignment that names none: the team's access decision answers first (404 for every fixture role).
    // An API key that names none: an admin's revoke is a 404, a team's the team's access decision first.
    keyId: () => MISSING_UUID,
    assignmentId: () => MISSING_UUID,
    // A team group that names none: likewise the team's access decision answers first.
    groupId: () => MISSING_UUID,
    // A team invitation's token that names none: unknown (404) for anyone allowed to ask.
    token: () => 'no-such-invitation-token',
    // A long-past month reads an (empty) estimate; a far-future one refuses closing before anything is stored.
    month: (p) => (p.method === 'GET' ? '2020-01' : '2999-01'),
    // A creator of the right form with no payout details: read 404, save refused by the matrix's empty body.
    creatorId: () => MISSING_ID,
    // A single sign-on domain of a team that does not exist: the team's access decision answers first (404).
    domain: () => 'no-team.example',
    // A webhook delivery that names none: an admin's replay is a 404.
    deliveryId: () => MISSING_UUID,
  };
  // A stream file or download opens beside the grant of the member the link was signed for (media-binding.ts
  // refuses it anywhere else): sent with it, the route's own access rule is what each role meets.
  const grantFor = (p: Endpoint) =>
    p.path === '/media/downloads/:id'
      ? { cookie: download.cookie }
      : p.path.startsWith('/media/streams/')
        ? { cookie: stream.cookie }
        : undefined;
  const fill = (p: Endpoint, role: Role = 'admin') => {
    if (p.path === '/media/downloads/:id') return download.path;
    if (p.path.startsWith('/media/streams/')) {
      return `${p.path.replace(':id', stream.assetId).replace(':rendition', '360p').replace(':file', params.file!(p, role)!)}?token=${encodeURIComponent(stream.token)}`;
    }
    const path = p.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const value = params[name]?.(p, role);
      if (value === undefined) throw new Error(`access matrix: no fixture for the :${name} of ${p.path}`);
      return encodeURIComponent(value);
    });
    return `${path}${p.path.startsWith('/community/') ? communityQuery(p, community) : ''}`;
  };

  // Requests that pass validation where that matters, so the access decision is what answers.
  const bodyFor = (p: Endpoint): { body?: unknown; raw?: FormData } => {
    const saves = ['/content/progress/product/:id', '/content/progress/product/:id/lessons/:lessonId'];
    if (saves.includes(p.path) && p.method === 'PATCH') return { body: { progress: 12, lastPosition: 30 } };
    if (saves.includes(p.path) && p.method === 'POST') {
      const form = new FormData();
      form.set('data', JSON.stringify({ progress: 12, lastPosition: 30 }));
      form.set('_method', 'PATCH');
      return { raw: form };
    }
    // A well-formed attempt (on a video lesson: the member's answer is a 409, the learner's the plan's 403).
    if (p.path.endsWith('/quiz-attempts') && p.method === 'POST') return { body: { answers: [] } };
    const communityInput = p.path.startsWith('/community/') ? communityBody(p, community) : undefined;
    if (communityInput !== undefined) return { body: communityInput };
    if (p.method === 'GET' || p.method === 'HEAD' || p.method === 'DELETE') return {};
    return { body: {} };
  };

  const tokenFor = async (role: Role, p: Endpoint): Promise<string | undefined> => {
    if (role === 'anonymous') return undefined;
    if (p.path !== '/auth/logout') return f.tokens[role];
    // Logging out must not end the fixtures' sessions: a session of its own.
    const res = await suite.request<SessionResponse>('POST', '/auth/login', {
      body: { email: f.users[role].email, password: f.users[role].password },
    });
    return res.body?.data?.token;
  };

  // The demo creator's own items (ids and slugs): a creator opens those without a plan, drafts too.
  const ownItems = dataOf(
    await suite.request<StudioProduct[]>('GET', '/studio/products', { token: f.tokens.creator }),
  ).flatMap((item) => [item._id, item.slug]);
  const ownsTarget = (path: string) => ownItems.some((key) => path.split(/[/?]/).includes(key));

  const expectation = (
    access: Endpoint['access'],
    role: Role,
    path = '',
  ): { statuses?: number[]; message?: string; allowed: boolean } => {
    switch (access) {
      case 'public':
        return { allowed: true };
      case 'signature':
        return { allowed: false, statuses: [400] };
      case 'user':
        return role === 'anonymous' ? { allowed: false, statuses: [401] } : { allowed: true };
      case 'premium':
        if (role === 'anonymous') return { allowed: false, statuses: [401] };
        // The demo creator has no plan: a learner too, with studio rights, who opens only their own items.
        if (role === 'learner' || (role === 'creator' && !ownsTarget(path)))
          return { allowed: false, statuses: [403], message: PREMIUM_REQUIRED_MESSAGE };
        return { allowed: true };
      case 'admin':
        if (role === 'anonymous') return { allowed: false, statuses: [401] };
        return role === 'admin' ? { allowed: true } : { allowed: false, statuses: [403] };
      case 'creator':
        if (role === 'anonymous') return { allowed: false, statuses: [401] };
        return role === 'creator' || role === 'admin'
          ? { allowed: true }
          : { allowed: false, statuses: [403], message: CREATOR_REQUIRED_MESSAGE };
      case 'internal':
        return { allowed: false, statuses: [404] };
      case 'token':
        // A session token is not the route's own (a team's SCIM token): refused in SCIM's error shape.
        return { allowed: false, statuses: [401] };
    }
  };

  // SCIM answers its refusals in its own error shape (RFC 7644 §3.12), not the product's.
  const isScimError = (body: unknown) =>
    typeof body === 'object' &&
    body !== null &&
    (body as { schemas?: unknown }).schemas instanceof Array &&
    (body as { schemas: unknown[] }).schemas.includes('urn:ietf:params:scim:api:messages:2.0:Error');
  const shaped = (name: string, body: unknown) =>
    name.includes(' /scim/') ? isScimError(body) : isErrorShape(body);

  const judge = (name: string, res: Res, want: ReturnType<typeof expectation>) => {
    if (res.status >= 500) return suite.check(name, false, 'never a 5xx', describe(res));
    // (a HEAD answer has no body to carry the error shape)
    if (res.status >= 400 && !name.startsWith('HEAD ') && !shaped(name, res.body))
      return suite.check(name, false, 'the one error shape', describe(res));
    if (want.allowed)
      return suite.check(
        name,
        res.status !== 401 && res.status !== 403,
        'allowed (not 401/403)',
        describe(res),
      );
    const ok =
      want.statuses!.includes(res.status) &&
      (name.startsWith('HEAD ') || shaped(name, res.body)) &&
      // (a HEAD answer has no body to carry the refusal's message)
      (!want.message || name.startsWith('HEAD ') || res.body?.message === want.message);
    return suite.check(
      name,
      ok,
      `${want.statuses!.join('/')}${want.message ? ` '${want.message}'` : ''} in the error shape`,
      describe(res),
    );
  };

  for (const endpoint of endpoints) {
    for (const role of ROLES) {
      // An event stream never ends: its answer is judged by its status and headers.
      const stream = endpoint.path.endsWith('/events');
      const path = fill(endpoint, role);
      const res = await suite.request(endpoint.method, path, {
        token: await tokenFor(role, endpoint),
        stream,
        ...bodyFor(endpoint),
        headers: grantFor(endpoint),
      });
      // The remembered sign-in's refresh is authenticated by its cookie, which no caller here carries (and
      // without the app's header it is refused as cross-site): public, yet always refused (session-cookie.ts).
      const want =
        endpoint.path === '/auth/refresh'
          ? { allowed: false, statuses: [401, 403] }
          : expectation(endpoint.access, role, path);
      judge(`${endpoint.method} ${endpoint.path} as ${role}`, res, want);
      // Signing out everywhere ended the fixture's own session too: the next areas get a new one.
      if (endpoint.path === '/auth/logout-all' && role !== 'anonymous' && res.status === 200) {
        const again = await suite.request<SessionResponse>('POST', '/auth/login', {
          body: { email: f.users[role].email, password: f.users[role].password },
        });
        f.tokens[role] = dataOf(again).token;
      }
    }
  }

  // Methods no declaration names are refused for everyone, admin included.
  const byPath = new Map<string, Endpoint[]>();
  for (const p of endpoints) byPath.set(p.path, [...(byPath.get(p.path) ?? []), p]);
  for (const [pattern, policies] of byPath) {
    const path = fill(policies[0]!);
    for (const method of METHODS) {
      if (policies.some((p) => p.method === method || (method === 'GET' && p.method === 'HEAD'))) continue;
      for (const role of ['anonymous', 'admin'] as Role[]) {
        const res = await suite.request(method, path, {
          token: role === 'admin' ? f.tokens.admin : undefined,
          body: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        suite.check(
          `${method} ${pattern} (not declared) as ${role} is refused`,
          [401, 403, 404, 405].includes(res.status) && shaped(` ${pattern}`, res.body),
          '401/403/404/405 in the error shape (SCIM’s under /scim/)',
          describe(res),
        );
      }
    }
  }
}
