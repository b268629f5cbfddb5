/**
 * Notes and bookmarks (issue 57): a note is its author's alone (another learner's is a 404 to read, change or
 * delete, and a client-chosen id reused by someone else makes that person's own note, never touching the
 * first); anonymous callers get a 401; Markdown with script, handlers, raw HTML and script links comes back as
 * sanitised HTML (only the renderer's tags, no handlers, no script or data links); the limits (5,000
 * characters, 2,000 notes) refuse in the one error shape and lose nothing. The member's notes are deleted at
 * the end; the 2,000 notes are a throwaway account's, written straight to progress' table.
 */
import { randomBytes } from 'node:crypto';
import type { Note, Page } from '@catalyst/contracts';
import { NOTE_TOO_LONG_MESSAGE, NOTES_FULL_MESSAGE, NOTES_MAX } from '@catalyst/contracts';
import { dataOf, describe, isErrorShape, type Suite } from './harness';

const newId = () => randomBytes(12).toString('hex');

/** The tags service-kit's Markdown renderer may write; anything else in a note's HTML was injected. */
const RENDERED_TAGS = new Set(
  'p br a strong em del s code pre blockquote ul ol li h1 h2 h3 h4 h5 h6 hr table thead tbody tr th td'.split(
    ' ',
  ),
);

/** Tags of `html` that are not the renderer's, or carry a handler, a style, or a script or data link. */
function injectedTags(html: string): string[] {
  return [...html.matchAll(/<\/?([a-zA-Z0-9-]+)([^>]*)>/g)]
    .filter(
      ([, name, attrs]) =>
        !RENDERED_TAGS.has(name!.toLowerCase()) ||
        /\son[a-z]+\s*=|\sstyle\s*=|(href|src)\s*=\s*["']?\s*(javascript|data|vbscript):/i.test(attrs!),
    )
    .map(([tag]) => tag);
}

export async function notesAttacks(suite: Suite) {
  const f = suite.fixtures;
  const member = f.tokens.member;
  const learner = f.tokens.learner;
  const productId = f.product._id;
  const created: string[] = [];

  const post = (token: string | undefined, body: Record<string, unknown>) =>
    suite.request<Note>('POST', '/notes', { token, body: { productId, seconds: 30, ...body } });
  const listOf = (token: string, query = '') =>
    suite.request<Page<Note>>('GET', `/notes${query ? `?${query}` : ''}`, { token });

  try {
    const mineRes = await post(member, { id: newId(), body: 'member private note' });
    if (mineRes.status !== 201) throw new Error(`the member cannot add a note: ${describe(mineRes)}`);
    const mine = dataOf(mineRes);
    created.push(mine.id);

    await suite.test("another learner's notes", async () => {
      const theirs = await listOf(learner, `productId=${productId}`);
      suite.check(
        "another learner's list of the same product leaves the member's note out",
        theirs.status === 200 &&
          !theirs.text.includes(mine.id) &&
          !theirs.text.includes('member private note'),
        '200 without the note',
        () => describe(theirs),
      );
      const everything = await listOf(learner);
      suite.check(
        "another learner's list of every note leaves the member's out",
        everything.status === 200 && !everything.text.includes(mine.id),
        '200 without the note',
        () => describe(everything),
      );
      const patched = await suite.request('PATCH', `/notes/${mine.id}`, {
        token: learner,
        body: { body: 'overwritten', seconds: 1 },
      });
      suite.expectClientError("another learner's PATCH of the note is a 404", patched, [404]);
      const deleted = await suite.request('DELETE', `/notes/${mine.id}`, { token: learner });
      suite.expectClientError("another learner's DELETE of the note is a 404", deleted, [404]);
      // The same id sent by another learner is their own note: the member's is neither replaced nor answered.
      const reused = await post(learner, { id: mine.id, body: 'learner copy' });
      if (reused.status === 201) created.push(`learner:${mine.id}`);
      suite.check(
        "another learner's POST with the member's note id makes their own note, revealing nothing",
        reused.status === 201 && dataOf(reused).body === 'learner copy',
        "201 with the learner's own text",
        () => describe(reused),
      );
      const after = await listOf(member, `productId=${productId}`);
      const kept = after.status === 200 ? dataOf(after).items.find((n) => n.id === mine.id) : undefined;
      suite.check(
        "the member's note is unchanged after every attempt",
        kept?.body === 'member private note' && kept.seconds === 30,
        'the note as written, at 30 s',
        () => describe(after),
      );
      for (const [method, path, body] of [
        ['GET', '/notes', undefined],
        ['POST', '/notes', { productId, seconds: 1 }],
        ['PATCH', `/notes/${mine.id}`, { body: 'x' }],
        ['DELETE', `/notes/${mine.id}`, undefined],
      ] as const) {
        const res = await suite.request(method, path, { body });
        suite.expectClientError(`anonymous ${method} ${path.replace(mine.id, ':id')} is a 401`, res, [401]);
      }
    });

    await suite.test('Markdown and script in notes', async () => {
      const payloads = [
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)">',
        '<iframe src="javascript:alert(3)"></iframe>',
        '[click](javascript:alert(4))',
        '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==)',
        '![x](javascript:alert(6))',
        '<a href="https://example.com" onclick="alert(7)">x</a>',
        '**bold** <svg onload=alert(8)>',
        '[ok](https://example.com "t" onmouseover=alert(9))',
      ];
      for (const payload of payloads) {
        const res = await post(member, { id: newId(), body: payload });
        if (res.status === 201) created.push(dataOf(res).id);
        const html = res.status === 201 ? dataOf(res).bodyHtml : '';
        const bad = injectedTags(html);
        suite.check(
          `a note of ${JSON.stringify(payload)} is stored with its source and sanitised HTML`,
          res.status === 201 && dataOf(res).body === payload && html !== '' && bad.length === 0,
          '201, the Markdown as sent, HTML with only the renderer tags and no handler or script link',
          () => (res.status === 201 ? `injected: ${bad.join(' ')} in ${html}` : describe(res)),
        );
      }
      const edited = await suite.request<Note>('PATCH', `/notes/${mine.id}`, {
        token: member,
        body: { body: 'fine <script>alert(10)</script>' },
      });
      suite.check(
        'a note changed to carry a script is sanitised again',
        edited.status === 200 && injectedTags(dataOf(edited).bodyHtml).length === 0,
        '200 and sanitised HTML',
        () => describe(edited),
      );
    });

    await suite.test('note limits', async () => {
      const long = await post(member, { id: newId(), body: 'x'.repeat(5_001) });
      suite.check(
        'a note over 5,000 characters is a 400 in the one error shape naming the limit',
        long.status === 400 && isErrorShape(long.body) && long.text.includes(NOTE_TOO_LONG_MESSAGE),
        `400 "${NOTE_TOO_LONG_MESSAGE}"`,
        () => describe(long),
      );
      const full = await suite.registerAccount({ email: `notes-full-${newId()}@example.com` });
      await suite.db.query(
        `insert into progress.notes (user_id, id, product_id, seconds, body, body_html)
         select $1, lpad(n::text, 24, '0'), $2, n, '', '' from generate_series(1, $3::int) n`,
        [full.id, productId, NOTES_MAX],
      );
      const over = await post(full.token, { id: newId(), body: 'one more' });
      suite.check(
        `the ${NOTES_MAX + 1}th note is a 409 in the one error shape with a clear message`,
        over.status === 409 && isErrorShape(over.body) && over.body.message === NOTES_FULL_MESSAGE,
        `409 "${NOTES_FULL_MESSAGE}"`,
        () => describe(over),
      );
      const count = await listOf(full.token, 'limit=1');
      suite.check(
        `the refused note loses none of the ${NOTES_MAX} kept`,
        count.status === 200 && dataOf(count).total === NOTES_MAX,
        `total ${NOTES_MAX}`,
        () => describe(count),
      );
      await suite.db.query('delete from progress.notes where user_id = $1', [full.id]);
    });
  } finally {
    for (const id of created) {
      const [who, noteId] = id.startsWith('learner:') ? [learner, id.slice(8)] : [member, id];
      await suite.request('DELETE', `/notes/${noteId}`, { token: who });
    }
  }
}
