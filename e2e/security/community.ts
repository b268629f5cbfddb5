/**
 * Community (issue 20): discussions, live questions and moderation under attack. Stored XSS in every text a
 * person writes there (thread titles and bodies, replies, edits, live questions, report notes): the server
 * renders Markdown to HTML without scripts, handlers or javascript: addresses and marks links
 * rel="nofollow ugc", and Chromium renders every page that shows them without running anything. IDOR (another's
 * post, another's thread's answer, premium lessons' discussions, moderation), idempotent votes, reports once,
 * unsubscribe links forged or moved to another person, the contracts' length limits, the new-account rate
 * limit, and the live board's event stream (who may open it, forged events in a question).
 */
import { randomBytes } from 'node:crypto';
import {
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  COMMUNITY_RATES,
  type followRoutes,
  PREMIUM_REQUIRED_MESSAGE,
  type CursorPage,
  type discussionRoutes,
  type LiveQuestion,
  type LiveSession,
  type ModerationEntry,
  type NotificationPage,
  type Page as ListPage,
  type Post,
  type PublicProduct,
  type ReportedPost,
  type RouteData,
  type Thread,
} from '@catalyst/contracts';
import { demoLessonId } from '@catalyst/demo';
import type { Page } from 'playwright-core';
import { launchTestChromium } from '../../scripts/lib/chromium';
import { emailsIn, latestEmailIn } from '../outbox';
import {
  DEMO_COURSE,
  dataOf,
  demoCourse,
  describe,
  expectNoScriptRuns,
  isErrorShape,
  sleep,
  xssMark as mark,
  type Res,
  type Role,
  type Suite,
} from './harness';

/** The demo webinars the live cases use: one gets a session running now, the other none (both need the plan). */
const LIVE_WEBINAR = 'scaling-postgres-webinar';
const QUIET_WEBINAR = 'fundraising-qa-webinar';

/** Real objects for every community path parameter, made through the API once per run (the access matrix and this area share them). */
export interface CommunitySamples {
  /** The premium product the member's thread is on. */
  productId: string;
  /** The member's thread on that product, with replies by the member and the admin. */
  threadId: string;
  openingPostId: string;
  replies: { member: string; admin: string; memberSpare: string; adminSpare: string };
  /** A premium webinar with a live session running now, and a question the member asked on its board. */
  webinar: { _id: string; slug: string };
  questionId: string;
  /** A premium webinar without a session. */
  quietWebinar: { _id: string; slug: string };
}

const samplesOf = new WeakMap<Suite, Promise<CommunitySamples>>();

/** Answers the data of a 2xx, or throws naming what was refused (set-up steps must work). */
async function made<D>(
  suite: Suite,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<D> {
  const res = await suite.request<D>(method, path, { token, body });
  if (res.status >= 300) throw new Error(`community set-up: ${method} ${path} answered ${describe(res)}`);
  return dataOf(res);
}

/** A demo product's `_id` and slug by its slug. */
async function productBySlug(suite: Suite, slug: string): Promise<{ _id: string; slug: string }> {
  const res = await suite.request<PublicProduct>('GET', `/content/products/${slug}`);
  if (res.status !== 200)
    throw new Error(`community set-up: the demo product ${slug} is missing: ${describe(res)}`);
  return { _id: dataOf(res)._id, slug };
}

/** Schedules the webinar's live session so it runs now (the board is open), as the admin does. */
async function scheduleLiveNow(suite: Suite, productId: string) {
  const body = {
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    durationMinutes: 180,
    joinUrl: 'https://meet.example.com/catalyst-security-suite',
  };
  return made<LiveSession>(
    suite,
    'PUT',
    `/admin/community/live/${productId}`,
    suite.fixtures.tokens.admin,
    body,
  );
}

export function communitySamples(suite: Suite): Promise<CommunitySamples> {
  let samples = samplesOf.get(suite);
  if (!samples) {
    samples = (async () => {
      const f = suite.fixtures;
      // The demo member and learner stand for established members (the demo seed makes them at start, so they
      // would post at the new-account rate); the rate case uses an account of its own. Before their first post:
      // community keeps an account's age once asked.
      await suite.db.query(
        `update auth.users set created_at = now() - interval '30 days' where id = any($1)`,
        [[f.users.member.id, f.users.learner.id]],
      );
      const productId = f.product._id;
      const thread = await made<Thread>(suite, 'POST', '/community/threads', f.tokens.member, {
        productId,
        title: 'How do the access rules work?',
        body: 'Asking so the security suite has a **thread** to try.',
      });
      const reply = (token: string, body: string) =>
        made<Post>(suite, 'POST', `/community/threads/${thread._id}/replies`, token, { body });
      const replies = {
        member: (await reply(f.tokens.member, 'A reply by the member.'))._id,
        admin: (await reply(f.tokens.admin, 'A reply by the admin.'))._id,
        memberSpare: (await reply(f.tokens.member, 'Another reply by the member (the one deleted).'))._id,
        adminSpare: (await reply(f.tokens.admin, 'Another reply by the admin (the one deleted).'))._id,
      };
      const webinar = await productBySlug(suite, LIVE_WEBINAR);
      const quietWebinar = await productBySlug(suite, QUIET_WEBINAR);
      await scheduleLiveNow(suite, webinar._id);
      const question = await made<LiveQuestion>(
        suite,
        'POST',
        `/community/live/${webinar._id}/questions`,
        f.tokens.member,
        { body: 'Which index suits a range query?' },
      );
      return {
        productId,
        threadId: thread._id,
        openingPostId: thread.opening._id,
        replies,
        webinar,
        questionId: question._id,
        quietWebinar,
      };
    })();
    samplesOf.set(suite, samples);
  }
  return samples;
}

/** The access matrix's sample for a community path parameter: a real object where the decision needs one. */
export function communitySample(
  samples: CommunitySamples,
  name: string,
  endpoint: { method: string; path: string },
  role: Role,
): string | undefined {
  const { method, path } = endpoint;
  switch (name) {
    case 'threadId':
      return samples.threadId;
    case 'questionId':
      return samples.questionId;
    case 'productId':
      // Removing a session is tried on the webinar that has none, so the running one stays for the other rows.
      return method === 'DELETE' && path.startsWith('/admin/community/live/')
        ? samples.quietWebinar._id
        : samples.webinar._id;
    case 'postId': {
      const { replies } = samples;
      // Own posts for editing and deleting (the deleted ones are spares), another's for votes and reports,
      // a reply by someone else on the member's thread for the answer (the member asked it).
      if (path === '/community/posts/:postId' && method === 'PATCH')
        return role === 'admin' ? replies.admin : replies.member;
      if (path === '/community/posts/:postId' && method === 'DELETE')
        return role === 'admin' ? replies.adminSpare : replies.memberSpare;
      if (path.endsWith('/vote') || path.endsWith('/report'))
        return role === 'admin' ? replies.member : replies.admin;
      return replies.admin;
    }
    default:
      return undefined;
  }
}

/** Bodies that pass validation, so the premium rule (run after parsing) is what answers a learner. */
export function communityBody(
  endpoint: { method: string; path: string },
  samples: CommunitySamples,
): unknown {
  const { method, path } = endpoint;
  if (method === 'POST' && path === '/community/threads')
    return { productId: samples.productId, title: 'Access matrix thread', body: 'Who may post here?' };
  if (method === 'POST' && path.endsWith('/replies')) return { body: 'An access matrix reply.' };
  if (method === 'PATCH' && path === '/community/posts/:postId')
    return { body: 'Edited by the access matrix.' };
  if (method === 'POST' && path.endsWith('/report')) return { reason: 'spam' };
  if (method === 'POST' && path === '/community/live/:productId/questions')
    return { body: 'An access matrix question?' };
  return undefined;
}

/** The query a community list needs to reach its access decision. */
export function communityQuery(
  endpoint: { method: string; path: string },
  samples: CommunitySamples,
): string {
  return endpoint.method === 'GET' && endpoint.path === '/community/threads'
    ? `?productId=${samples.productId}`
    : '';
}

/**
 * Community's write routes for the bad-input and fuzzing areas, each with a caller allowed to use it and a
 * valid body. Posts are written as the admin (admins post without the hourly limit, so thousands of
 * generated bodies never turn into 429s), on objects of their own: threads, a reply to moderate, and a
 * webinar neither the access matrix nor this area uses.
 */
export async function communityWriteRoutes(suite: Suite): Promise<
  Array<{
    method: string;
    path: string;
    token: () => Promise<string | undefined>;
    valid: () => Record<string, unknown>;
  }>
> {
  const f = suite.fixtures;
  const samples = await communitySamples(suite);
  const admin = async () => f.tokens.admin;
  const thread = await made<Thread>(suite, 'POST', '/community/threads', f.tokens.admin, {
    productId: samples.productId,
    title: 'A thread for generated bodies',
    body: 'Bad input lands here.',
  });
  const target = await made<Post>(suite, 'POST', `/community/threads/${thread._id}/replies`, f.tokens.admin, {
    body: 'A reply to edit and moderate.',
  });
  // Locked by its route's valid bodies: a thread of its own, so the replies route keeps reaching its writes.
  const toLock = await made<Thread>(suite, 'POST', '/community/threads', f.tokens.admin, {
    productId: samples.productId,
    title: 'A thread for generated locks',
    body: 'Locked and unlocked.',
  });
  const spare = await productBySlug(suite, 'portfolio-review-webinar');
  return [
    {
      method: 'POST',
      path: '/community/threads',
      token: admin,
      valid: () => ({ productId: samples.productId, title: 'A generated question', body: 'Its **body**.' }),
    },
    {
      method: 'POST',
      path: `/community/threads/${thread._id}/replies`,
      token: admin,
      valid: () => ({ body: 'A generated reply.' }),
    },
    {
      method: 'PATCH',
      path: `/community/posts/${target._id}`,
      token: admin,
      valid: () => ({ body: 'An edited reply.' }),
    },
    {
      method: 'POST',
      path: `/community/posts/${samples.replies.member}/report`,
      token: admin,
      valid: () => ({ reason: 'spam', note: 'Looks automated.' }),
    },
    {
      method: 'POST',
      path: `/community/live/${samples.webinar._id}/questions`,
      token: admin,
      valid: () => ({ body: 'A generated question?' }),
    },
    {
      method: 'POST',
      path: `/admin/community/posts/${target._id}/hide`,
      token: admin,
      valid: () => ({ reason: 'Generated reason' }),
    },
    {
      method: 'PUT',
      path: `/admin/community/threads/${toLock._id}/lock`,
      token: admin,
      valid: () => ({ reason: 'Generated reason' }),
    },
    {
      method: 'PUT',
      path: `/admin/community/live/${spare._id}`,
      token: admin,
      valid: () => ({
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        durationMinutes: 60,
        joinUrl: 'https://meet.example.com/generated',
      }),
    },
  ];
}

// ---------- payloads ----------

/** Markdown a person may write, with every classic way to smuggle a script into rendered HTML. */
const markdownPayloads = (tag: string) =>
  [
    `Fine **bold ${tag}** and a [good link](https://example.com/docs) and <https://example.org/auto>.`,
    `<script>${mark(`${tag}-script`)}</script>`,
    `<img src=x onerror="${mark(`${tag}-img`)}">`,
    `<svg onload="${mark(`${tag}-svg`)}"><circle r=1></svg>`,
    `[markdown link](javascript:${mark(`${tag}-mdlink`)})`,
    `[upper case](JaVaScRiPt:alert(1))`,
    `[entity](&#106;avascript:alert(1))`,
    `[hex entity](&#x6A;avascript&#x3A;alert(1))`,
    `[tab inside](java\tscript:alert(1))`,
    `[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
    `[vbscript](vbscript:msgbox(1))`,
    `<a href="javascript:${mark(`${tag}-href`)}">html link</a>`,
    `<a href="jav&#x09;ascript:alert(1)">entity tab link</a>`,
    `<a href="https://example.com" onclick="${mark(`${tag}-click`)}" onmouseover="${mark(`${tag}-over`)}">handler link</a>`,
    `![image](x" onerror="${mark(`${tag}-mdimg`)})`,
    `![image2](javascript:alert(1))`,
    `<iframe src="javascript:${mark(`${tag}-iframe`)}"></iframe>`,
    `<details open ontoggle="${mark(`${tag}-toggle`)}">x</details>`,
    `<div style="background:url(javascript:alert(1))" onclick="${mark(`${tag}-div`)}">styled</div>`,
    `<math><mtext><table><mglyph><style><img src=x onerror="${mark(`${tag}-mxss`)}"></style></mglyph></table></mtext></math>`,
    `<form action="javascript:alert(1)"><input autofocus onfocus="${mark(`${tag}-focus`)}"></form>`,
    `<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">`,
    `&lt;script&gt;${mark(`${tag}-entities`)}&lt;/script&gt; and \`<img src=x onerror=alert(1)>\` in code`,
    `<base href="javascript:alert(1)//"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  ].join('\n\n');

const decodeEntities = (html: string) =>
  html
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n');

/** What a post's rendered HTML must never hold, in its tags (escaped markup in the text is text); answers what it found. */
function unsafeHtml(html: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(html)) found.push('<script');
  for (const [tag, name, attrs] of html.matchAll(/<([a-z][a-z0-9-]*)\b([^>]*)>/gi)) {
    if (
      /^(iframe|object|embed|form|input|button|base|meta|link|style|math|svg|details|img|video|audio|source)$/i.test(
        name!,
      )
    )
      found.push(`<${name}>`);
    if (/(^|\s)on[a-z]+\s*=/i.test(attrs!)) found.push(`an on*= attribute in ${tag}`);
    if (/(^|\s)style\s*=/i.test(attrs!)) found.push(`a style attribute in ${tag}`);
    // An address that resolves to a script or a document (entities and whitespace inside the scheme decoded).
    for (const [, attr, value] of decodeEntities(attrs!).matchAll(
      /(?:^|\s)(href|src|action|data|formaction|xlink:href)\s*=\s*["']?([^"'\s>]*)/gi,
    )) {
      // eslint-disable-next-line no-control-regex -- the C0 controls a browser skips in a URL are what this strips
      if (/^(javascript|vbscript|data):/i.test(value!.replace(/[\s\u0000-\u001f]+/g, '')))
        found.push(`${attr}=${value}`);
    }
  }
  return found;
}

/** Every <a> of the HTML: its attributes, for the rel check. */
const linksOf = (html: string) => [...html.matchAll(/<a\b([^>]*)>/gi)].map((m) => m[1]!);
const relOf = (attrs: string) => attrs.match(/\srel\s*=\s*["']([^"']*)["']/i)?.[1]?.split(/\s+/) ?? [];

/** A 4xx whose message (or one of its field errors) is `message`. */
function refusedWith(res: Res, statuses: number[], message: string) {
  return (
    statuses.includes(res.status) &&
    isErrorShape(res.body) &&
    (res.body.message === message ||
      (res.body.errors ?? []).some((e: { message: string }) => e.message === message))
  );
}

const unique = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;
const linkIn = (mail: string | undefined, page: string) =>
  mail?.match(new RegExp(`https?://\\S+/${page}\\?token=([A-Za-z0-9_%.~-]+)`))?.[1];

/** A new account with its address confirmed through the link mailed to it (the outbox), signed in. */
export async function confirmedAccount(suite: Suite, label: string) {
  const account = await suite.registerAccount({ name: `Community ${label}`, email: unique(label) });
  let token: string | undefined;
  for (let i = 0; i < 20 && !token; i += 1) {
    token = linkIn(latestEmailIn(suite.dataDir, `to: ${account.email}`), 'verify-email');
    if (!token) await sleep(200);
  }
  if (!token) throw new Error(`no verification e-mail reached ${account.email}`);
  const verified = await suite.request('GET', `/auth/verify-email?token=${token}`);
  if (verified.status !== 200) throw new Error(`verifying ${account.email} answered ${describe(verified)}`);
  return account;
}

/**
 * The unsubscribe token of the newest e-mail to `to` whose link stops `target` (a thread's id; waits for the
 * notification batch): the learner's other community e-mails (the weekly digest) carry links of their own and may
 * come later.
 */
async function unsubscribeTokenFor(
  suite: Suite,
  to: string,
  target: string,
  timeoutMs: number,
): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of emailsIn(suite.dataDir, `to: ${to}`)) {
      const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      for (const [, found] of unfolded.matchAll(/unsubscribe[^\s"'<>]*[?&]token=([A-Za-z0-9_%.~-]+)/gi)) {
        const token = decodeURIComponent(found!);
        if (token.split('.')[1] === target) return token;
      }
    }
    await sleep(1_000);
  }
  return undefined;
}

/** One event read off a stream: its type, and its data parsed as JSON (kept as text when it is not JSON). */
interface StreamedEvent {
  event: string;
  data: unknown;
}

/** The fields of a JSON object read off the wire ({} for anything else): a forged event may have any shape. */
const fieldsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** Reads an event stream for `ms` and answers the events it carried (type and parsed data). */
async function readEvents(
  url: string,
  token: string,
  ms: number,
  during?: () => Promise<unknown>,
): Promise<{ status: number; type: string | null; events: StreamedEvent[] }> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      'x-forwarded-for': '10.77.0.1',
    },
    signal: controller.signal,
  });
  const events: StreamedEvent[] = [];
  if (res.status !== 200 || !res.body) {
    await res.text().catch(() => undefined);
    return { status: res.status, type: res.headers.get('content-type'), events };
  }
  let buffer = '';
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const reading = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split(/\r?\n/)) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          }
          if (data.length === 0) continue;
          let parsed: unknown = data.join('\n');
          try {
            parsed = JSON.parse(parsed as string);
          } catch {
            /* kept as text */
          }
          events.push({ event, data: parsed });
        }
      }
    } catch {
      /* aborted */
    }
  })();
  await sleep(300);
  await during?.();
  await sleep(ms);
  controller.abort();
  await reading;
  return { status: res.status, type: res.headers.get('content-type'), events };
}

export async function communityAttacks(suite: Suite) {
  const f = suite.fixtures;
  const samples = await communitySamples(suite);
  const course = await demoCourse(suite, DEMO_COURSE.slug);
  const freeLesson = demoLessonId(DEMO_COURSE.slug, DEMO_COURSE.freeLesson);
  const lockedLesson = demoLessonId(DEMO_COURSE.slug, DEMO_COURSE.lockedLesson);
  const tag = Date.now().toString(36);
  const onFree = { productId: course._id, lessonId: freeLesson };
  const thread = (id: string | undefined, token?: string) =>
    suite.request<Thread>('GET', `/community/threads/${id}`, { token });
  const repliesOf = (id: string | undefined, token?: string) =>
    suite.request<CursorPage<Post>>(
      'GET',
      `/community/threads/${id}/replies?limit=${COMMUNITY_LIMITS.pageMax}`,
      { token },
    );

  // ---------- stored XSS: what the server renders ----------
  const title = `XSS ${tag} <img src=x onerror="${mark('title')}"> <script>${mark('title-script')}</script>`;
  const xssThread = await suite.request<Thread>('POST', '/community/threads', {
    token: f.tokens.member,
    body: { ...onFree, title: title.slice(0, COMMUNITY_LIMITS.titleMax), body: markdownPayloads('opening') },
  });
  suite.check(
    'the member starts a discussion with markup in its title and body',
    xssThread.status === 201,
    '201',
    describe(xssThread),
  );
  const xssThreadId = xssThread.body?.data?._id ?? samples.threadId;
  const xssReply = await suite.request<Post>('POST', `/community/threads/${xssThreadId}/replies`, {
    token: f.tokens.admin,
    body: { body: markdownPayloads('reply') },
  });
  suite.check('a reply with markup is stored', xssReply.status === 201, '201', describe(xssReply));
  const editable = await suite.request<Post>('POST', `/community/threads/${xssThreadId}/replies`, {
    token: f.tokens.member,
    body: { body: 'Plain at first.' },
  });
  const edited = await suite.request<Post>('PATCH', `/community/posts/${editable.body?.data?._id}`, {
    token: f.tokens.member,
    body: { body: markdownPayloads('edit') },
  });
  suite.check('an edit with markup is stored', edited.status === 200, '200', describe(edited));

  const rendered: Array<[string, string | undefined]> = [
    ['the opening post', xssThread.body?.data?.opening?.bodyHtml],
    ['a reply', xssReply.body?.data?.bodyHtml],
    ['an edited reply', edited.body?.data?.bodyHtml],
  ];
  const readBack = await repliesOf(xssThreadId, f.tokens.member);
  for (const post of readBack.body?.data?.items ?? [])
    rendered.push([`the reply ${post._id} as read back`, post.bodyHtml]);
  const openingRead = await thread(xssThreadId, f.tokens.learner);
  rendered.push(['the opening post as the learner reads it', openingRead.body?.data?.opening?.bodyHtml]);
  for (const [what, html] of rendered) {
    const bad = html === undefined ? ['no bodyHtml'] : unsafeHtml(html);
    suite.check(
      `${what}: bodyHtml has no script, handler, javascript:/data: address or active element`,
      bad.length === 0,
      'none',
      () => `${bad.join(', ')} in ${String(html).slice(0, 600)}`,
    );
    const links = linksOf(html ?? '');
    const unmarked = links.filter(
      (attrs) => !(relOf(attrs).includes('nofollow') && relOf(attrs).includes('ugc')),
    );
    suite.check(
      `${what}: every link carries rel="nofollow ugc"`,
      links.length > 0 && unmarked.length === 0,
      'links kept, each rel="nofollow ugc"',
      () => `${links.length} links, unmarked: ${unmarked.join(' | ') || '-'}`,
    );
  }
  const opening = xssThread.body?.data?.opening?.bodyHtml ?? '';
  suite.check(
    'the Markdown is rendered (bold, the safe link kept)',
    /<strong>bold opening/.test(opening) && /href="https:\/\/example\.com\/docs"/.test(opening),
    '<strong> and the https link',
    opening.slice(0, 300),
  );
  suite.check(
    'the title is kept as text (rendered by the page as text, never as HTML)',
    typeof xssThread.body?.data?.title === 'string' && !/&lt;|&amp;/.test(xssThread.body.data.title),
    'the title as written',
    String(xssThread.body?.data?.title),
  );

  // Live questions and report notes: plain text a page shows.
  const questionText = `Q ${tag} <img src=x onerror="${mark('question')}"> <script>${mark('question-script')}</script> [x](javascript:alert(1))`;
  const asked = await suite.request<LiveQuestion>(
    'POST',
    `/community/live/${samples.webinar._id}/questions`,
    {
      token: f.tokens.member,
      body: { body: questionText },
    },
  );
  suite.check(
    'a live question with markup is stored as its text',
    asked.status === 201 && asked.body?.data?.body === questionText,
    '201 with the text as written',
    describe(asked),
  );
  const noteText = `Note ${tag} <img src=x onerror="${mark('note')}"><svg onload="${mark('note-svg')}">`;
  const reported = await suite.request('POST', `/community/posts/${xssReply.body?.data?._id}/report`, {
    token: f.tokens.learner,
    body: { reason: 'abuse', note: noteText },
  });
  suite.check(
    'a report with markup in its note is stored',
    reported.status === 201,
    '201',
    describe(reported),
  );
  const queue = await suite.request<ListPage<ReportedPost>>('GET', '/admin/community/reports?limit=100', {
    token: f.tokens.admin,
  });
  const queued = (queue.body?.data?.items ?? []).find((item) => item.post._id === xssReply.body?.data?._id);
  suite.check(
    'the reports queue answers the note as written',
    queued?.reports.some((r) => r.note === noteText) === true,
    'the note text',
    describe(queue),
  );

  // ---------- stored XSS: what Chromium runs ----------
  const browser = await launchTestChromium();
  try {
    const lessonPage = `/browse/premium/product/${course.slug}/lesson/${freeLesson}`;
    const titleShown = async (page: Page) => {
      // the discussion loads once it nears the screen: scrolled to, as a reader does
      await page.getByTestId('community-discussion').scrollIntoViewIfNeeded({ timeout: 30_000 });
      await page.getByText(`XSS ${tag}`).first().waitFor({ timeout: 30_000 });
    };
    const openThread = async (page: Page) => {
      await page.getByText(`XSS ${tag}`).first().click();
      await page
        .getByText('Plain at first.')
        .or(page.getByText('bold reply'))
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
    };
    for (const role of ['member', 'learner', 'admin'] as const) {
      const state = await expectNoScriptRuns(suite, browser, {
        where: `${role} lesson discussion`,
        path: lessonPage,
        token: f.tokens[role],
        ready: titleShown,
        act: openThread,
      });
      suite.check(
        `${role} lesson discussion: the title's markup shows as text`,
        state.text.includes(`<img src=x onerror=`),
        'the payload visible as literal text',
        state.text.slice(0, 300).replace(/\s+/g, ' '),
      );
      suite.check(
        `${role} lesson discussion: the opened thread shows its replies' markup as text`,
        state.text.includes('bold reply') && state.text.includes("concat('reply-script')"),
        'the replies rendered, their payloads as text',
        state.text.slice(0, 400).replace(/\s+/g, ' '),
      );
    }
    const webinarPage = `/browse/premium/product/${samples.webinar.slug}`;
    const board = await expectNoScriptRuns(suite, browser, {
      where: 'member live board',
      path: webinarPage,
      token: f.tokens.member,
      ready: (page) => page.getByText(`Q ${tag}`).first().waitFor({ timeout: 30_000 }),
    });
    suite.check(
      "member live board: the question's markup shows as text",
      board.text.includes(questionText),
      'the question as written',
      board.text.slice(0, 300).replace(/\s+/g, ' '),
    );
    // A moderator's reason is shown in the audit log: markup in it too (on a post the reader pages above showed).
    const reasonText = `Reason ${tag} <img src=x onerror="${mark('reason')}">`;
    const hid = await suite.request('POST', `/admin/community/posts/${editable.body?.data?._id}/hide`, {
      token: f.tokens.admin,
      body: { reason: reasonText },
    });
    suite.check('the admin hides a post with markup in the reason', hid.status === 200, '200', describe(hid));
    for (const [path, shown] of [
      ['/admin/community', `Note ${tag}`],
      ['/admin/community/audit', `Reason ${tag}`],
    ] as const) {
      await expectNoScriptRuns(suite, browser, {
        where: `admin ${path}`,
        path,
        token: f.tokens.admin,
        ready: (page) => page.getByText(shown).first().waitFor({ timeout: 20_000 }),
      });
    }
    await suite.request('POST', `/admin/community/posts/${editable.body?.data?._id}/restore`, {
      token: f.tokens.admin,
      body: { reason: 'Restored after the check' },
    });
  } finally {
    await browser.close();
  }

  // ---------- who may read and write a lesson's discussion ----------
  const listOn = (target: Record<string, string>, token?: string) =>
    suite.request<CursorPage<Thread>>('GET', `/community/threads?${new URLSearchParams(target)}`, { token });
  const lockedTarget = { productId: course._id, lessonId: lockedLesson };
  const learnerLocked = await listOn(lockedTarget, f.tokens.learner);
  suite.check(
    "a learner cannot read a premium lesson's discussion",
    learnerLocked.status === 403 && learnerLocked.body?.message === PREMIUM_REQUIRED_MESSAGE,
    `403 '${PREMIUM_REQUIRED_MESSAGE}'`,
    describe(learnerLocked),
  );
  const learnerFree = await listOn(onFree, f.tokens.learner);
  suite.check(
    "…but reads a free-preview lesson's",
    learnerFree.status === 200 && Array.isArray(learnerFree.body?.data?.items),
    '200 with a list',
    describe(learnerFree),
  );
  const learnerProduct = await listOn({ productId: f.product._id }, f.tokens.learner);
  suite.check(
    "a learner cannot read a premium product's discussions",
    learnerProduct.status === 403 && learnerProduct.body?.message === PREMIUM_REQUIRED_MESSAGE,
    `403 '${PREMIUM_REQUIRED_MESSAGE}'`,
    describe(learnerProduct),
  );
  const learnerPost = await suite.request('POST', '/community/threads', {
    token: f.tokens.learner,
    body: { ...lockedTarget, title: 'Let me in please', body: 'Posting where I may not read.' },
  });
  suite.check(
    "a learner cannot post on a premium lesson's discussion",
    learnerPost.status === 403 && learnerPost.body?.message === PREMIUM_REQUIRED_MESSAGE,
    `403 '${PREMIUM_REQUIRED_MESSAGE}'`,
    describe(learnerPost),
  );
  for (const [what, method, path, body] of [
    ["the member's thread on a premium product", 'GET', `/community/threads/${samples.threadId}`, undefined],
    ['its replies', 'GET', `/community/threads/${samples.threadId}/replies`, undefined],
    ['a reply to it', 'POST', `/community/threads/${samples.threadId}/replies`, { body: 'Sneaking in.' }],
    ['a vote on one of its replies', 'PUT', `/community/posts/${samples.replies.admin}/vote`, undefined],
    ['following it', 'PUT', `/community/threads/${samples.threadId}/follow`, undefined],
    ["the live session's board", 'GET', `/community/live/${samples.webinar._id}/questions`, undefined],
    ['a vote on a live question', 'PUT', `/community/live/questions/${samples.questionId}/vote`, undefined],
  ] as const) {
    const res = await suite.request(method, path, { token: f.tokens.learner, body });
    suite.check(
      `a learner is refused ${what}`,
      res.status === 403 &&
        res.body?.message === PREMIUM_REQUIRED_MESSAGE &&
        !res.text.includes('How do the access'),
      `403 '${PREMIUM_REQUIRED_MESSAGE}' with nothing of it`,
      describe(res),
    );
  }
  // Another course's free-preview lesson does not open this course's discussions.
  const otherFree = demoLessonId('html-css-from-scratch', 'welcome');
  const borrowed = await listOn({ productId: f.product._id, lessonId: otherFree }, f.tokens.learner);
  suite.check(
    "another course's free-preview lesson id does not open a premium product's discussions",
    borrowed.status >= 400 && borrowed.status < 500 && isErrorShape(borrowed.body),
    'a 4xx',
    describe(borrowed),
  );
  for (const [what, method, path, body] of [
    ['list discussions', 'GET', `/community/threads?${new URLSearchParams(onFree)}`, undefined],
    ['open a discussion', 'GET', `/community/threads/${xssThreadId}`, undefined],
    [
      'start a discussion',
      'POST',
      '/community/threads',
      { ...onFree, title: 'Anonymous post', body: 'Hello' },
    ],
    ['open the live board', 'GET', `/community/live/${samples.webinar._id}/questions`, undefined],
  ] as const) {
    suite.expectClientError(
      `a visitor cannot ${what} (401)`,
      await suite.request(method, path, { body }),
      [401],
    );
  }

  // ---------- another person's posts ----------
  const learnerThread = await suite.request<Thread>('POST', '/community/threads', {
    token: f.tokens.learner,
    body: { ...onFree, title: `Learner question ${tag}`, body: 'What does this lesson cover?' },
  });
  suite.check(
    'the learner asks on a free-preview lesson',
    learnerThread.status === 201,
    '201',
    describe(learnerThread),
  );
  const lt = learnerThread.body?.data;
  const memberReply = await suite.request<Post>('POST', `/community/threads/${lt?._id}/replies`, {
    token: f.tokens.member,
    body: { body: 'It covers the grid basics.' },
  });
  const learnerReply = await suite.request<Post>('POST', `/community/threads/${lt?._id}/replies`, {
    token: f.tokens.learner,
    body: { body: 'Thanks, and what comes next?' },
  });
  const mr = memberReply.body?.data;
  const lr = learnerReply.body?.data;
  suite.check(
    'the member and the learner reply',
    memberReply.status === 201 && learnerReply.status === 201,
    '201, 201',
    `${describe(memberReply)} | ${describe(learnerReply)}`,
  );
  suite.check(
    "an author's name is shown, never their e-mail",
    !!lt?.opening?.author?.name &&
      !JSON.stringify(lt).includes(f.users.learner.email) &&
      !memberReply.text.includes(f.users.member.email),
    'the profile name only',
    describe(learnerThread),
  );
  const forbiddenEdits: Array<[string, string, string, string | undefined, unknown]> = [
    [
      "edit the learner's question",
      'member',
      'PATCH',
      lt?.opening?._id,
      { body: 'Changed by someone else.' },
    ],
    ["delete the learner's question", 'member', 'DELETE', lt?.opening?._id, undefined],
    ["edit the member's reply", 'learner', 'PATCH', mr?._id, { body: 'Changed by someone else.' }],
    ["delete the member's reply", 'learner', 'DELETE', mr?._id, undefined],
    [
      "retitle the learner's question",
      'member',
      'PATCH',
      lt?.opening?._id,
      { body: 'x', title: 'Taken over title' },
    ],
  ];
  for (const [what, role, method, postId, body] of forbiddenEdits) {
    const res = await suite.request(method, `/community/posts/${postId}`, {
      token: f.tokens[role as 'member'],
      body,
    });
    suite.check(
      `the ${role} cannot ${what} (403)`,
      res.status === 403 && res.body?.message === COMMUNITY_MESSAGES.notYourPost,
      `403 '${COMMUNITY_MESSAGES.notYourPost}'`,
      describe(res),
    );
  }
  const afterEdits = await thread(lt?._id, f.tokens.learner);
  const afterReplies = await repliesOf(lt?._id, f.tokens.learner);
  suite.check(
    '…and nothing of them changed',
    afterEdits.body?.data?.title === `Learner question ${tag}` &&
      afterEdits.body?.data?.opening?.body === 'What does this lesson cover?' &&
      afterReplies.body?.data?.items?.find((p: { _id: string }) => p._id === mr?._id)?.body ===
        'It covers the grid basics.',
    'the texts as written',
    `${describe(afterEdits)} | ${describe(afterReplies)}`,
  );
  const notAsker = await suite.request('PUT', `/community/posts/${lr?._id}/answer`, {
    token: f.tokens.member,
  });
  suite.check(
    "the member cannot mark the answer on the learner's question (403)",
    notAsker.status === 403 && notAsker.body?.message === COMMUNITY_MESSAGES.markAnswerForbidden,
    `403 '${COMMUNITY_MESSAGES.markAnswerForbidden}'`,
    describe(notAsker),
  );
  const notAskerUnmark = await suite.request('DELETE', `/community/posts/${mr?._id}/answer`, {
    token: f.tokens.member,
  });
  suite.expectClientError('…nor take an answer back on it', notAskerUnmark, [403, 409]);
  const openingAsAnswer = await suite.request('PUT', `/community/posts/${lt?.opening?._id}/answer`, {
    token: f.tokens.learner,
  });
  suite.check(
    'the opening post cannot be the answer',
    [400, 409].includes(openingAsAnswer.status) &&
      openingAsAnswer.body?.message === COMMUNITY_MESSAGES.onlyRepliesAnswer,
    `400/409 '${COMMUNITY_MESSAGES.onlyRepliesAnswer}'`,
    describe(openingAsAnswer),
  );
  const foreignAnswer = await suite.request('PUT', `/community/posts/${samples.replies.admin}/answer`, {
    token: f.tokens.learner,
  });
  suite.check(
    "the learner cannot mark an answer on the member's premium thread",
    foreignAnswer.status === 403,
    '403',
    describe(foreignAnswer),
  );
  const answered = await suite.request<Thread>('PUT', `/community/posts/${mr?._id}/answer`, {
    token: f.tokens.learner,
  });
  suite.check(
    'the asker marks the answer',
    answered.status === 200 &&
      answered.body?.data?.answerPostId === mr?._id &&
      answered.body?.data?.answered === true,
    '200 answered',
    describe(answered),
  );

  // Votes: one per person, however often it is sent.
  const votesOf = async (postId: string | undefined) =>
    Number(
      (await suite.db.query('select upvotes from community.posts where id = $1', [postId])).rows[0]
        ?.upvotes ?? -1,
    );
  const before = await votesOf(mr?._id);
  const votes = await Promise.all(
    [1, 2, 3].map(() =>
      suite.request('PUT', `/community/posts/${mr?._id}/vote`, { token: f.tokens.learner }),
    ),
  );
  const again = await suite.request<RouteData<typeof discussionRoutes.upvote>>(
    'PUT',
    `/community/posts/${mr?._id}/vote`,
    { token: f.tokens.learner },
  );
  const rows = await suite.db.query(
    'select count(*)::int as n from community.post_votes where post_id = $1 and user_id = $2',
    [mr?._id, f.users.learner.id],
  );
  suite.check(
    'three votes at once and one more by the same person count once',
    votes.every((v) => v.status === 200) &&
      again.status === 200 &&
      again.body?.data?.upvotes === before + 1 &&
      (await votesOf(mr?._id)) === before + 1 &&
      rows.rows[0]?.n === 1,
    `200s, upvotes ${before + 1}, one vote row`,
    `${votes.map((v) => v.status).join(',')} ${describe(again)} rows ${rows.rows[0]?.n}`,
  );
  const unvotes = await Promise.all(
    [1, 2].map(() =>
      suite.request('DELETE', `/community/posts/${mr?._id}/vote`, { token: f.tokens.learner }),
    ),
  );
  suite.check(
    'taking the vote back twice leaves it at its first count',
    unvotes.every((v) => v.status === 200) && (await votesOf(mr?._id)) === before,
    `upvotes ${before}`,
    `${unvotes.map(describe).join(' | ')} now ${await votesOf(mr?._id)}`,
  );

  // Reports: once per person.
  const firstReport = await suite.request('POST', `/community/posts/${mr?._id}/report`, {
    token: f.tokens.learner,
    body: { reason: 'spam' },
  });
  const secondReport = await suite.request('POST', `/community/posts/${mr?._id}/report`, {
    token: f.tokens.learner,
    body: { reason: 'abuse', note: 'Again' },
  });
  suite.check('a post is reported once', firstReport.status === 201, '201', describe(firstReport));
  suite.check(
    '…and a second report by the same person is a 409',
    secondReport.status === 409 && secondReport.body?.message === COMMUNITY_MESSAGES.alreadyReported,
    `409 '${COMMUNITY_MESSAGES.alreadyReported}'`,
    describe(secondReport),
  );
  const reportRows = await suite.db.query(
    'select count(*)::int as n from community.post_reports where post_id = $1 and reporter_id = $2',
    [mr?._id, f.users.learner.id],
  );
  suite.check('…leaving one report row', reportRows.rows[0]?.n === 1, '1', String(reportRows.rows[0]?.n));

  // The edit window: a post older than it cannot be edited.
  await suite.db.query(
    `update community.posts set created_at = now() - interval '${COMMUNITY_LIMITS.editWindowMinutes + 1} minutes' where id = $1`,
    [lr?._id],
  );
  const late = await suite.request('PATCH', `/community/posts/${lr?._id}`, {
    token: f.tokens.learner,
    body: { body: 'Too late to change.' },
  });
  suite.check(
    `an edit after ${COMMUNITY_LIMITS.editWindowMinutes} minutes is refused`,
    [403, 409].includes(late.status) && late.body?.message === COMMUNITY_MESSAGES.editWindowClosed,
    `403/409 '${COMMUNITY_MESSAGES.editWindowClosed}'`,
    describe(late),
  );

  // ---------- moderation is the admins' ----------
  const reason = { reason: 'Trying to moderate' };
  for (const role of ['learner', 'member'] as const) {
    for (const [what, method, path, body] of [
      ['hide a post', 'POST', `/admin/community/posts/${mr?._id}/hide`, reason],
      ['delete any post', 'POST', `/admin/community/posts/${lr?._id}/delete`, reason],
      ['dismiss reports', 'POST', `/admin/community/posts/${mr?._id}/dismiss`, reason],
      ['lock a thread', 'PUT', `/admin/community/threads/${lt?._id}/lock`, reason],
      ['read the reports queue', 'GET', '/admin/community/reports', undefined],
      ['read the audit log', 'GET', '/admin/community/audit', undefined],
      [
        'schedule a live session',
        'PUT',
        `/admin/community/live/${samples.quietWebinar._id}`,
        { startsAt: new Date().toISOString(), durationMinutes: 30, joinUrl: 'https://evil.example.com' },
      ],
      [
        'mark a live question answered',
        'PUT',
        `/community/live/questions/${samples.questionId}/answered`,
        undefined,
      ],
    ] as const) {
      suite.expectClientError(
        `the ${role} cannot ${what} (403)`,
        await suite.request(method, path, { token: f.tokens[role], body }),
        [403],
      );
    }
  }
  const stillVisible = await repliesOf(lt?._id, f.tokens.learner);
  const statuses = (stillVisible.body?.data?.items ?? []).map((p) => p.status);
  const lockState = await thread(lt?._id, f.tokens.learner);
  suite.check(
    '…and every post is still visible, the thread unlocked',
    statuses.length >= 2 && statuses.every((s) => s === 'visible') && lockState.body?.data?.locked === false,
    'visible, unlocked',
    `${statuses.join(',')} locked=${lockState.body?.data?.locked}`,
  );
  const quiet = await suite.request<LiveSession>('GET', `/community/live/${samples.quietWebinar._id}`, {
    token: f.tokens.member,
  });
  // the demo seed schedules every webinar's next session: it stays as it was, or absent once an admin removed it
  suite.check(
    '…and no session was scheduled',
    quiet.status === 404 ||
      (quiet.status === 200 && quiet.body?.data?.joinUrl !== 'https://evil.example.com'),
    '404, or the session as it was',
    describe(quiet),
  );
  // A hidden post keeps its place without its text for readers; the admin still reads it (audit).
  const hidden = await suite.request<Post>('POST', `/admin/community/posts/${mr?._id}/hide`, {
    token: f.tokens.admin,
    body: { reason: 'Checking what readers see' },
  });
  suite.check(
    'the admin hides a post',
    hidden.status === 200 && hidden.body?.data?.status === 'hidden',
    '200 hidden',
    describe(hidden),
  );
  const asReader = await repliesOf(lt?._id, f.tokens.learner);
  const hiddenForReader = (asReader.body?.data?.items ?? []).find((p: { _id: string }) => p._id === mr?._id);
  suite.check(
    "readers get a hidden post's place without its text",
    hiddenForReader?.status === 'hidden' &&
      hiddenForReader.body === '' &&
      hiddenForReader.bodyHtml === '' &&
      !asReader.text.includes('grid basics'),
    'status hidden, empty body and bodyHtml',
    describe(asReader),
  );
  const audit = await suite.request<ListPage<ModerationEntry>>('GET', '/admin/community/audit', {
    token: f.tokens.admin,
  });
  suite.check(
    'the hiding is in the audit log',
    (audit.body?.data?.items ?? []).some(
      (e: { action: string; postId: string | null }) => e.action === 'hide' && e.postId === mr?._id,
    ),
    'a hide entry',
    describe(audit),
  );
  await suite.request('POST', `/admin/community/posts/${mr?._id}/restore`, {
    token: f.tokens.admin,
    body: { reason: 'Restored after the check' },
  });
  // A locked thread takes no more replies.
  await suite.request('PUT', `/admin/community/threads/${lt?._id}/lock`, {
    token: f.tokens.admin,
    body: { reason: 'Checking the lock' },
  });
  const lockedReply = await suite.request('POST', `/community/threads/${lt?._id}/replies`, {
    token: f.tokens.member,
    body: { body: 'Through the lock?' },
  });
  suite.check(
    'a locked discussion takes no reply',
    [403, 409].includes(lockedReply.status) && lockedReply.body?.message === COMMUNITY_MESSAGES.locked,
    `403/409 '${COMMUNITY_MESSAGES.locked}'`,
    describe(lockedReply),
  );
  await suite.request('DELETE', `/admin/community/threads/${lt?._id}/lock`, { token: f.tokens.admin });

  // ---------- limits: the contracts' own messages ----------
  const limits: Array<[string, string, string, unknown, string]> = [
    [
      'a title of 4 characters',
      'POST',
      '/community/threads',
      { ...onFree, title: 'Abcd', body: 'Body' },
      `Title must be at least ${COMMUNITY_LIMITS.titleMin} characters`,
    ],
    [
      `a title of ${COMMUNITY_LIMITS.titleMax + 1} characters`,
      'POST',
      '/community/threads',
      { ...onFree, title: 'T'.repeat(COMMUNITY_LIMITS.titleMax + 1), body: 'Body' },
      `Title must be at most ${COMMUNITY_LIMITS.titleMax} characters`,
    ],
    [
      'a body of blanks',
      'POST',
      '/community/threads',
      { ...onFree, title: 'A fine title', body: '   \n  ' },
      'Write something first',
    ],
    [
      `a body of ${COMMUNITY_LIMITS.bodyMax + 1} characters`,
      'POST',
      '/community/threads',
      { ...onFree, title: 'A fine title', body: 'b'.repeat(COMMUNITY_LIMITS.bodyMax + 1) },
      `Body must be at most ${COMMUNITY_LIMITS.bodyMax.toLocaleString('en-US')} characters`,
    ],
    [
      `a reply of ${COMMUNITY_LIMITS.bodyMax + 1} characters`,
      'POST',
      `/community/threads/${lt?._id}/replies`,
      { body: 'r'.repeat(COMMUNITY_LIMITS.bodyMax + 1) },
      `Body must be at most ${COMMUNITY_LIMITS.bodyMax.toLocaleString('en-US')} characters`,
    ],
    [
      `an edit of ${COMMUNITY_LIMITS.bodyMax + 1} characters`,
      'PATCH',
      `/community/posts/${lr?._id}`,
      { body: 'e'.repeat(COMMUNITY_LIMITS.bodyMax + 1) },
      `Body must be at most ${COMMUNITY_LIMITS.bodyMax.toLocaleString('en-US')} characters`,
    ],
    [
      `a question of ${COMMUNITY_LIMITS.questionMax + 1} characters`,
      'POST',
      `/community/live/${samples.webinar._id}/questions`,
      { body: 'q'.repeat(COMMUNITY_LIMITS.questionMax + 1) },
      `Question must be at most ${COMMUNITY_LIMITS.questionMax} characters`,
    ],
    [
      'an empty question',
      'POST',
      `/community/live/${samples.webinar._id}/questions`,
      { body: '  ' },
      'Write your question first',
    ],
    [
      `a report note of ${COMMUNITY_LIMITS.noteMax + 1} characters`,
      'POST',
      `/community/posts/${lt?.opening?._id}/report`,
      { reason: 'other', note: 'n'.repeat(COMMUNITY_LIMITS.noteMax + 1) },
      `Note must be at most ${COMMUNITY_LIMITS.noteMax} characters`,
    ],
    [
      'a report without a known reason',
      'POST',
      `/community/posts/${lt?.opening?._id}/report`,
      { reason: 'because' },
      'Choose a reason',
    ],
    [
      'a moderation reason of 2 characters',
      'POST',
      `/admin/community/posts/${mr?._id}/hide`,
      { reason: 'no' },
      'Give a reason (at least 3 characters)',
    ],
  ];
  for (const [what, method, path, body, message] of limits) {
    const token = path.startsWith('/admin') ? f.tokens.admin : f.tokens.member;
    const res = await suite.request(method, path, { token, body });
    suite.check(
      `${what} is refused with the contracts' message`,
      refusedWith(res, [400], message),
      `400 '${message}'`,
      describe(res),
    );
  }
  for (const [what, raw] of [
    ['a body that is an object', JSON.stringify({ ...onFree, title: 'A fine title', body: { $gt: '' } })],
    ['a body of 2 MB', JSON.stringify({ ...onFree, title: 'A fine title', body: 'x'.repeat(2_000_000) })],
    [
      'a body nested 5,000 deep',
      `{"productId":"${course._id}","title":"A fine title","body":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
    ],
    [
      'a target that is not an id',
      JSON.stringify({ productId: "' OR 1=1--", title: 'A fine title', body: 'Body' }),
    ],
  ] as const) {
    suite.expectClientError(
      `a thread with ${what} is refused`,
      await suite.request('POST', '/community/threads', {
        token: f.tokens.member,
        raw,
        headers: { 'content-type': 'application/json' },
      }),
      [400, 413],
    );
  }
  for (const bad of ['not-an-id', 'ABCDEFABCDEFABCDEFABCDEF', '..%2F..%2Fadmin', `${'a'.repeat(24)}%00`]) {
    suite.expectClientError(
      `the thread id ${bad} opens nothing`,
      await thread(bad, f.tokens.member),
      [400, 404],
    );
  }
  suite.expectClientError(
    'an unknown thread is a 404',
    await thread('0123456789abcdef01234567', f.tokens.member),
    [403, 404],
  );
  const deepCursor = await suite.request(
    'GET',
    `/community/threads/${lt?._id}/replies?cursor=${encodeURIComponent("'; drop table community.posts; --")}`,
    { token: f.tokens.member },
  );
  suite.check(
    'a forged cursor is a 4xx (or ignored), never a 5xx',
    deepCursor.status < 500 && (deepCursor.status === 200 || isErrorShape(deepCursor.body)),
    'no 5xx',
    describe(deepCursor),
  );

  // ---------- a new account is rate limited ----------
  const newcomer = await confirmedAccount(suite, 'newcomer');
  const posted: number[] = [];
  for (let i = 0; i < COMMUNITY_RATES.newAccount + 1; i += 1) {
    posted.push(
      (
        await suite.request('POST', `/community/threads/${lt?._id}/replies`, {
          token: newcomer.token,
          body: { body: `Newcomer reply ${i + 1}` },
        })
      ).status,
    );
  }
  const limited = await suite.request('POST', '/community/threads', {
    token: newcomer.token,
    body: { ...onFree, title: 'One more question', body: 'Still posting?' },
  });
  suite.check(
    `a new account posts ${COMMUNITY_RATES.newAccount} times an hour, then 429`,
    posted.slice(0, COMMUNITY_RATES.newAccount).every((s) => s === 201) &&
      posted[COMMUNITY_RATES.newAccount] === 429 &&
      limited.status === 429 &&
      limited.body?.message === COMMUNITY_MESSAGES.rateLimited,
    `${COMMUNITY_RATES.newAccount} × 201, then 429 '${COMMUNITY_MESSAGES.rateLimited}'`,
    `${posted.join(',')} then ${describe(limited)}`,
  );

  // ---------- unsubscribe links ----------
  // The learner follows their question; the member's reply above is answered by e-mail with an unsubscribe link.
  const followerToken = await unsubscribeTokenFor(suite, f.users.learner.email, lt?._id ?? '', 90_000);
  suite.check(
    "the learner's notification e-mail carries an unsubscribe link",
    !!followerToken,
    'a token in the e-mail',
    'no e-mail with an unsubscribe link within 90 s',
  );
  if (followerToken) {
    const unsubscribe = (token: string) =>
      suite.request<RouteData<typeof followRoutes.unsubscribe>>(
        'POST',
        `/community/unsubscribe?token=${encodeURIComponent(token)}`,
      );
    const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`;
    const tampered: Array<[string, string]> = [
      ['one character changed in the middle', flip(followerToken, Math.floor(followerToken.length / 2))],
      ['its last character changed', flip(followerToken, followerToken.length - 1)],
      ['cut short', followerToken.slice(0, -6)],
      ['made longer', `${followerToken}AAAA`],
      ['random', randomBytes(32).toString('base64url')],
      ['too short to be one', 'abc'],
    ];
    // A token that names the learner, rewritten to name the member (the signature kept).
    const reassigned = reassign(followerToken, f.users.learner.id, f.users.member.id);
    if (reassigned) tampered.push(['rewritten to name another person (signature kept)', reassigned]);
    for (const [what, token] of tampered) {
      const res = await unsubscribe(token);
      suite.check(
        `an unsubscribe token ${what} is refused`,
        [400, 404].includes(res.status) && isErrorShape(res.body),
        '400/404 in the error shape',
        describe(res),
      );
    }
    const followingOf = async (token: string) => (await thread(lt?._id, token)).body?.data?.following;
    suite.check(
      '…and every person still follows',
      (await followingOf(f.tokens.learner)) === true && (await followingOf(f.tokens.member)) === true,
      'following: learner and member',
      `learner ${await followingOf(f.tokens.learner)}, member ${await followingOf(f.tokens.member)}`,
    );
    const genuine = await unsubscribe(followerToken);
    suite.check(
      'the genuine link unsubscribes without signing in',
      genuine.status === 200 && ['thread', 'all'].includes(genuine.body?.data?.scope ?? ''),
      '200',
      describe(genuine),
    );
    suite.check(
      '…the learner only: the member still follows',
      (await followingOf(f.tokens.member)) === true &&
        (genuine.body?.data?.scope === 'all' || (await followingOf(f.tokens.learner)) === false),
      'learner unsubscribed, member following',
      `learner ${await followingOf(f.tokens.learner)}, member ${await followingOf(f.tokens.member)}`,
    );
  }
  suite.expectClientError(
    'an unsubscribe without a token is refused',
    await suite.request('POST', '/community/unsubscribe'),
    [400],
  );

  // ---------- the live board's event stream ----------
  const events = `${suite.api}/community/live/${samples.webinar._id}/events`;
  suite.expectClientError(
    'a visitor cannot open the event stream (401)',
    await suite.request('GET', `/community/live/${samples.webinar._id}/events`, { stream: true }),
    [401],
  );
  const learnerStream = await suite.request('GET', `/community/live/${samples.webinar._id}/events`, {
    token: f.tokens.learner,
    stream: true,
  });
  suite.check(
    'a learner cannot open the event stream (403)',
    learnerStream.status === 403 && learnerStream.body?.message === PREMIUM_REQUIRED_MESSAGE,
    `403 '${PREMIUM_REQUIRED_MESSAGE}'`,
    describe(learnerStream),
  );
  const forged = `Forged ${tag}\n\nevent: session\ndata: {"type":"session","status":"ended","startsAt":"2020-01-01T00:00:00Z","endsAt":"2020-01-01T00:00:00Z"}\n\nid: 1\r\n\r\ndata: {"type":"question"}`;
  const stream = await readEvents(events, f.tokens.member, 2_500, () =>
    suite.request('POST', `/community/live/${samples.webinar._id}/questions`, {
      token: f.tokens.member,
      body: { body: forged },
    }),
  );
  suite.check(
    'the member opens the event stream',
    stream.status === 200 && /text\/event-stream/.test(stream.type ?? ''),
    '200 text/event-stream',
    `${stream.status} ${stream.type}`,
  );
  const questionBody = (e: StreamedEvent) => fieldsOf(fieldsOf(e.data).question).body;
  const carried = stream.events.filter(
    (e) => fieldsOf(e.data).type === 'question' && String(questionBody(e) ?? '').startsWith(`Forged ${tag}`),
  );
  // The stream opens with the session's real state (live); a forged one would say it ended in 2020.
  const sessionEvents = stream.events.filter((e) => {
    const data = fieldsOf(e.data);
    return (
      (e.event === 'session' || data.type === 'session') &&
      (data.status !== 'live' || String(data.startsAt).startsWith('2020'))
    );
  });
  suite.check(
    'a question with event-stream syntax in it arrives as one question event, its text intact',
    carried.length === 1 && questionBody(carried[0]!) === forged.trim(),
    'one question event with the text as written',
    JSON.stringify(stream.events).slice(0, 600),
  );
  suite.check(
    '…and forges no other event (the session still live)',
    sessionEvents.length === 0 && stream.events.every((e) => !!fieldsOf(e.data).type),
    'no session event, every event well formed',
    JSON.stringify(stream.events).slice(0, 600),
  );
  suite.check(
    'the stream carries no e-mail address',
    !JSON.stringify(stream.events).includes('@catalyst.example'),
    'none',
    JSON.stringify(stream.events).slice(0, 300),
  );

  // ---------- notifications: each person's own ----------
  // The admin's replies in the member's discussions above told the member; nobody else reads or marks them.
  const mine = await suite.request<NotificationPage>('GET', '/community/notifications', {
    token: f.tokens.member,
  });
  const target = mine.body?.data?.items.find((n) => n.type === 'reply');
  suite.check(
    "the member's notification centre lists a reply to their discussion",
    mine.status === 200 && target !== undefined,
    '200 with a reply notification',
    describe(mine),
  );
  if (target) {
    const theirs = await suite.request<NotificationPage>('GET', '/community/notifications', {
      token: f.tokens.learner,
    });
    suite.check(
      "another person's notification centre never lists it",
      theirs.status === 200 && !theirs.body?.data?.items.some((n) => n.id === target.id),
      '200 without it',
      describe(theirs),
    );
    const marked = await suite.request('POST', `/community/notifications/${target.id}/read`, {
      token: f.tokens.learner,
    });
    const after = await suite.request<NotificationPage>('GET', '/community/notifications', {
      token: f.tokens.member,
    });
    suite.check(
      "another person cannot mark it read (a 404, the member's count unchanged)",
      marked.status === 404 && after.body?.data?.unread === mine.body?.data?.unread,
      `404, unread ${mine.body?.data?.unread}`,
      `${marked.status}, unread ${after.body?.data?.unread}`,
    );
  }
}

/**
 * A signed token rewritten to name another user with its signature kept: the user id replaced wherever it
 * shows (in the clear, or inside a base64url part). Undefined when the token does not show the id at all.
 */
function reassign(token: string, from: string, to: string): string | undefined {
  if (token.includes(from)) return token.replace(from, to);
  const parts = token.split('.');
  for (let i = 0; i < parts.length; i += 1) {
    let decoded: string;
    try {
      decoded = Buffer.from(parts[i]!, 'base64url').toString('utf8');
    } catch {
      continue;
    }
    if (!decoded.includes(from)) continue;
    const rewritten = [...parts];
    rewritten[i] = Buffer.from(decoded.replace(from, to), 'utf8').toString('base64url');
    return rewritten.join('.');
  }
  return undefined;
}
