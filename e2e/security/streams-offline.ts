/**
 * Event streams, votes, Markdown and offline copies (issue 53, items 5, 6, 7 and 13). A stream lasts only as
 * long as its session (a logout ends it within seconds) and one person holds at most six; nobody upvotes their
 * own post; a post's HTML is well formed, so a link never runs over the paragraphs after it. In Chromium,
 * with the service worker: a saved lesson plays only for its person under an unexpired offline licence and
 * goes at sign-out; a session's kept answers are sealed, hold no receipt link, and go when the app starts
 * without a session.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { COMMUNITY_MESSAGES, STREAMS_PER_USER, type Post, type SessionResponse } from '@catalyst/contracts';
import type { Browser, Page } from 'playwright-core';
import { htmlMalformation } from '@catalyst/service-kit/testing/html';
import { launchTestChromium } from '../../scripts/lib/chromium';
import { communitySamples } from './community';
import { dataOf, describe, isErrorShape, type Suite } from './harness';

/** An event stream held open (the harness's `stream: true` lets go at the headers): its status and its end. */
async function holdStream(suite: Suite, path: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${suite.api}${path}`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      'x-forwarded-for': `10.53.${randomInt(256)}.${randomInt(1, 255)}`,
    },
    signal: controller.signal,
  });
  if (res.status >= 300 || !res.body) {
    controller.abort();
    return { status: res.status, ended: Promise.resolve('refused'), close: () => undefined };
  }
  const reader = res.body.getReader();
  // Resolves when the stream ends by itself ('ended', 'broken'), never when the case closes it.
  const ended = (async () => {
    try {
      for (;;) if ((await reader.read()).done) return 'ended';
    } catch {
      return controller.signal.aborted ? 'closed' : 'broken';
    }
  })();
  return { status: res.status, ended, close: () => controller.abort() };
}

/** A new session of the demo member (the fixtures' own session stays signed in for the other areas). */
async function memberSession(suite: Suite): Promise<string> {
  const { email, password } = suite.fixtures.users.member;
  const res = await suite.request<SessionResponse>('POST', '/auth/login', { body: { email, password } });
  return dataOf(res).token;
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still open'>((r) => setTimeout(() => r('still open'), ms).unref())]);

/** A premium demo course whose product page plays an MP4 that can be saved for offline watching. */
const OFFLINE_SLUG = 'modern-javascript-essentials';

/** A tab of a new browser profile signed in with `token` (in its sessionStorage, as a sign-in leaves it), on `path`. */
async function signedInTab(suite: Suite, browser: Browser, token: string, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${suite.url}/offline.html`);
  await page.evaluate((t) => {
    sessionStorage.setItem('token', t);
    localStorage.setItem('cookieConsent', 'essential');
  }, token);
  await page.goto(`${suite.url}${path}`);
  return page;
}

/** Every value of an IndexedDB store of the page's origin, as text (sealed bytes read as characters). */
const storeText = (page: Page, database: string, store: string) =>
  page.evaluate(
    ([database, store]) =>
      new Promise<{ count: number; text: string }>((resolve) => {
        const open = indexedDB.open(database);
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve({ count: 0, text: '' });
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) return resolve({ count: 0, text: '' });
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => {
            const texts = all.result.map((value: unknown) =>
              JSON.stringify(value, (_key, inner: unknown) =>
                inner instanceof ArrayBuffer || ArrayBuffer.isView(inner)
                  ? new TextDecoder().decode(inner as ArrayBuffer)
                  : inner,
              ),
            );
            db.close();
            resolve({ count: texts.length, text: texts.join('\n') });
          };
        };
      }),
    [database, store] as const,
  );

/** What the page's service worker answers for a saved copy's address. */
const workerStatus = (page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).status, path);

export async function streamsOffline(suite: Suite) {
  const samples = await communitySamples(suite);
  const threadEvents = `/community/threads/${samples.threadId}/events`;
  const liveEvents = `/community/live/${samples.webinar._id}/events`;

  await suite.test('event streams: the seventh of one person is a 429 in the one error shape', async () => {
    const token = await memberSession(suite);
    const held: Awaited<ReturnType<typeof holdStream>>[] = [];
    try {
      for (let i = 0; i < STREAMS_PER_USER; i++)
        held.push(await holdStream(suite, i % 2 ? liveEvents : threadEvents, token));
      suite.check(
        `${STREAMS_PER_USER} streams (discussion and live board) open`,
        held.every((s) => s.status === 200),
        `${STREAMS_PER_USER} × 200`,
        held.map((s) => s.status).join(','),
      );
      // Another session of the same person counts too.
      const seventh = await suite.request('GET', threadEvents, {
        token: suite.fixtures.tokens.member,
        stream: true,
      });
      suite.check(
        'the seventh stream is refused: 429, Retry-After, the one error shape, a clear message',
        seventh.status === 429 &&
          seventh.headers.get('retry-after') !== null &&
          isErrorShape(seventh.body) &&
          seventh.body.message === COMMUNITY_MESSAGES.tooManyStreams,
        `429 "${COMMUNITY_MESSAGES.tooManyStreams}"`,
        () => describe(seventh),
      );
      held.pop()!.close();
      let again = 0;
      for (const deadline = Date.now() + 5_000; Date.now() < deadline;) {
        const reopened = await holdStream(suite, threadEvents, token);
        again = reopened.status;
        if (again === 200) {
          held.push(reopened);
          break;
        }
      }
      suite.check('a stream closed frees its place', again === 200, '200', String(again));
    } finally {
      for (const stream of held) stream.close();
    }
  });

  await suite.test('event streams: a logout ends the session’s open stream within seconds', async () => {
    const token = await memberSession(suite);
    const stream = await holdStream(suite, threadEvents, token);
    try {
      suite.check('the stream opens', stream.status === 200, '200', String(stream.status));
      const logout = await suite.request('POST', '/auth/logout', { token });
      suite.check('the logout succeeds', logout.status === 200, '200', () => describe(logout));
      const after = await within(stream.ended, 5_000);
      suite.check(
        'the stream ends within 5 s of the logout',
        after === 'ended' || after === 'broken',
        'the stream to end',
        `${after} 5 s after the logout`,
      );
      const reopened = await holdStream(suite, threadEvents, token);
      reopened.close();
      suite.check(
        'the logged-out token cannot open another',
        reopened.status === 401,
        '401',
        String(reopened.status),
      );
    } finally {
      stream.close();
    }
  });

  await suite.test('votes: nobody upvotes their own post', async () => {
    const own = await suite.request('PUT', `/community/posts/${samples.replies.member}/vote`, {
      token: suite.fixtures.tokens.member,
    });
    suite.check(
      'a self-upvote is a 409 in the one error shape with a clear message',
      own.status === 409 && isErrorShape(own.body) && own.body.message === COMMUNITY_MESSAGES.ownPostVote,
      `409 "${COMMUNITY_MESSAGES.ownPostVote}"`,
      () => describe(own),
    );
    const { rows } = await suite.db.query<{ n: number }>(
      'select count(*)::int as n from community.post_votes where post_id = $1 and user_id = $2',
      [samples.replies.member, suite.fixtures.users.member.id],
    );
    suite.check('no vote of theirs is kept', rows[0]?.n === 0, '0 rows', String(rows[0]?.n));
  });

  await suite.test('markdown: a crafted link stays inside its own paragraph', async () => {
    const tag = randomBytes(3).toString('hex');
    const body = [
      `https://example.com/"><script>`,
      `[![https://example.com/"><script>](https://example.com/pic.png)](https://example.com/)`,
      `<Ahttps://example.com/"><script>https://example.com/`,
      `After ${tag}.`,
    ].join('\n\n');
    const reply = await suite.request<Post>('POST', `/community/threads/${samples.threadId}/replies`, {
      token: suite.fixtures.tokens.member,
      body: { body },
    });
    const html = dataOf(reply).bodyHtml;
    const wrong = htmlMalformation(html);
    suite.check('the HTML is well formed', wrong === undefined, 'balanced tags, no link in a link', () =>
      `${wrong}: ${html}`.slice(0, 400),
    );
    const browser = await launchTestChromium();
    try {
      const page = await browser.newPage();
      await page.setContent('<main></main>');
      const seen = await page.evaluate(
        ({ html, tag }) => {
          const main = document.querySelector('main')!;
          main.innerHTML = html;
          const last = [...main.querySelectorAll('p')].find((p) => p.textContent === `After ${tag}.`);
          return {
            lastInLink: !last || last.closest('a') !== null,
            links: main.querySelectorAll('a').length,
            // A link inside a link comes out of the parser as an empty link beside it.
            empty: [...main.querySelectorAll('a')].filter((a) => !a.textContent?.trim()).length,
          };
        },
        { html, tag },
      );
      suite.check(
        'Chromium keeps the following paragraph out of every link, and every link has its text',
        !seen.lastInLink && seen.empty === 0,
        'the last paragraph outside links, no empty link',
        JSON.stringify(seen),
      );
    } finally {
      await browser.close();
    }
  });

  await suite.test(
    'offline copies: only their person plays them, under an unexpired licence, until sign-out',
    async () => {
      const token = await memberSession(suite);
      const browser = await launchTestChromium();
      try {
        const page = await signedInTab(suite, browser, token, `/browse/premium/product/${OFFLINE_SLUG}`);
        await page.getByRole('button', { name: 'Download for offline' }).waitFor({ timeout: 30_000 });
        await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
          timeout: 30_000,
        });
        await page.getByRole('button', { name: 'Download for offline' }).click();
        await page.getByText('Saved for offline watching.').waitFor({ timeout: 60_000 });
        const copy = await page.evaluate(async () => {
          for (const name of await caches.keys())
            if (name.startsWith('catalyst-downloads-'))
              for (const request of await (await caches.open(name)).keys())
                if (request.url.endsWith('.mp4')) return { cache: name, path: new URL(request.url).pathname };
          return null;
        });
        if (!copy) throw new Error('no saved copy in the Cache Storage after "Saved for offline watching."');
        const person = copy.path.split('/')[2]!;
        const played = await workerStatus(page, copy.path);

        // Someone else is the device's person now (another sign-in on this browser): refused.
        const asOther = await page.evaluate(async () => {
          const marker = await caches.open('catalyst-offline-person');
          const mine = await (await marker.match('/offline-person'))?.text();
          await marker.put('/offline-person', new Response('0'.repeat(64)));
          return mine ?? null;
        });
        const forOther = await workerStatus(page, copy.path);
        await page.evaluate(
          async (mine) =>
            (await caches.open('catalyst-offline-person')).put('/offline-person', new Response(mine)),
          asOther ?? person,
        );
        // The licence has run out (the plan ended, or three days without the server's word): refused.
        const licence = `/offline-downloads/${person}/licence`;
        const kept = await page.evaluate(
          async ({ cache, licence }) => {
            const copies = await caches.open(cache);
            const before = await (await copies.match(licence))?.text();
            const expired = { person: licence.split('/')[2], expiresAt: Date.now() - 1_000 };
            await copies.put(licence, new Response(JSON.stringify(expired)));
            return before ?? null;
          },
          { cache: copy.cache, licence },
        );
        const expired = await workerStatus(page, copy.path);
        if (kept)
          await page.evaluate(
            async ({ cache, licence, kept }) => (await caches.open(cache)).put(licence, new Response(kept)),
            { cache: copy.cache, licence, kept },
          );
        const restored = await workerStatus(page, copy.path);
        suite.check(
          'the worker plays the saved copy for its person under the licence, and refuses it for another person or past the licence',
          played === 200 && forOther === 403 && expired === 403 && restored === 200,
          '200, then 403 (another person), 403 (licence expired), 200 again',
          `${played}, ${forOther}, ${expired}, ${restored}`,
        );

        // Sign-out: the person's saved copies leave the device.
        await page.getByRole('banner').getByRole('button', { name: 'Open user menu' }).click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
        await page.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor({ timeout: 15_000 });
        let left = -1;
        for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
          left = await page.evaluate(async () => {
            let files = 0;
            for (const name of await caches.keys())
              if (name.startsWith('catalyst-downloads-'))
                files += (await (await caches.open(name)).keys()).length;
            return files;
          });
          if (left === 0) break;
          await page.waitForTimeout(250);
        }
        const afterSignOut = await workerStatus(page, copy.path);
        suite.check(
          'after sign-out no saved copy is left on the device, and its address plays nothing',
          left === 0 && afterSignOut !== 200 && afterSignOut !== 206,
          '0 files in catalyst-downloads-*, the address not 200',
          `${left} files, address ${afterSignOut}`,
        );
      } finally {
        await browser.close();
      }
    },
  );

  await suite.test(
    'kept answers: sealed, no receipt link, gone when the app starts without a session',
    async () => {
      const token = await memberSession(suite);
      const { email } = suite.fixtures.users.member;
      const browser = await launchTestChromium();
      try {
        const page = await signedInTab(suite, browser, token, '/profile');
        // The profile shows the address in its form.
        await page.waitForFunction(
          (e) => [...document.querySelectorAll('input')].some((input) => input.value === e),
          email,
          { timeout: 30_000 },
        );
        let kept = { count: 0, text: '' };
        for (const deadline = Date.now() + 10_000; Date.now() < deadline && kept.count < 2;) {
          await page.waitForTimeout(250);
          kept = await storeText(page, 'catalyst-offline-answers', 'answers');
        }
        suite.check(
          "the profile's answers are kept for the session (what offline pages show)",
          kept.count >= 2,
          'at least 2 kept answers',
          String(kept.count),
        );
        suite.check(
          'what IndexedDB holds of them shows neither the e-mail address nor a receipt link',
          !kept.text.includes(email) && !/receipt/i.test(kept.text),
          'sealed values, no receipt link',
          () => kept.text.slice(0, 300),
        );

        // The tab is closed without signing out; the app starts again in a new tab, with no session.
        await page.close();
        const again = await page.context().newPage();
        await again.goto(`${suite.url}/`);
        let left = kept.count;
        for (const deadline = Date.now() + 10_000; Date.now() < deadline && left > 0;) {
          await again.waitForTimeout(250);
          left = (await storeText(again, 'catalyst-offline-answers', 'answers')).count;
        }
        suite.check(
          'a start without a session leaves none of the closed session’s answers',
          left === 0,
          '0 kept answers',
          String(left),
        );
      } finally {
        await browser.close();
      }
    },
  );
}
