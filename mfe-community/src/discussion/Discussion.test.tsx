import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COMMUNITY_MESSAGES,
  followRoutes,
  type Post,
  type Thread,
  discussionRoutes,
  moderationRoutes,
} from '@catalyst/contracts';
import { session } from '@catalyst/web-kit';
import { failure, fakeApi, sseStream, success } from '@catalyst/web-kit/testing';
import Discussion from './Discussion';

const PRODUCT = 'a'.repeat(24);
const LESSON = 'b'.repeat(24);
const ME = { _id: 'f'.repeat(24), name: 'Lee', isAdmin: false };
const ADA = { _id: 'e'.repeat(24), name: 'Ada', isAdmin: false };
const id = (n: number) => n.toString(16).padStart(24, '0');
const T1 = id(0x101);
const T2 = id(0x102);
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const post = (overrides: Partial<Post> = {}): Post => ({
  _id: id(0x201),
  threadId: T1,
  isOpening: false,
  author: ADA,
  body: 'Use **grid-template-areas**.',
  bodyHtml: '<p>Use <strong>grid-template-areas</strong>.</p>',
  createdAt: '2026-11-24T10:00:00.000Z',
  editedAt: null,
  upvotes: 0,
  upvotedByMe: false,
  isAnswer: false,
  mine: false,
  editableUntil: null,
  status: 'visible',
  ...overrides,
});

const thread = (overrides: Partial<Thread> = {}): Thread => ({
  _id: T1,
  productId: PRODUCT,
  lessonId: LESSON,
  title: 'How do named areas work?',
  opening: post({
    _id: id(0x200),
    isOpening: true,
    author: ME,
    mine: true,
    body: 'I am lost',
    bodyHtml: '<p>I am lost</p>',
  }),
  replyCount: 1,
  answered: false,
  answerPostId: null,
  locked: false,
  following: true,
  createdAt: '2026-11-24T09:00:00.000Z',
  lastActivityAt: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

const page = <T,>(items: T[], nextCursor: string | null = null, total = items.length) => ({
  items,
  nextCursor,
  total,
});

function signIn(role: 'user' | 'admin' = 'user') {
  sessionStorage.setItem('token', 'member-token');
  session.loadUser({ _id: ME._id, name: ME.name, email: 'lee@example.com', role });
}

const renderDiscussion = () => render(<Discussion target={{ productId: PRODUCT, lessonId: LESSON }} />);

/** Opens the first discussion of the list. */
async function openThread(title = 'How do named areas work?') {
  const entry = await screen.findByRole('button', { name: title });
  await act(async () => fireEvent.click(entry));
  return screen.findByTestId('thread-view');
}

/** The opening post of an open discussion. */
const openingOf = (view: HTMLElement) => view.querySelector('[data-testid="post"]') as HTMLElement;
const postOf = (view: HTMLElement, postId: string) =>
  view.querySelector(`[data-post-id="${postId}"]`) as HTMLElement;
/** What a post says: the server's rendering of its body, or the removed notice in its place. */
const textOf = (post: HTMLElement) => (post.querySelector(':scope > p + div') ?? post).textContent;
/** The replies' texts, in order. */
const replyTexts = (view: HTMLElement) =>
  [...view.querySelectorAll<HTMLElement>('ol [data-testid="post"]')].map(textOf);
/** A post's byline without its date: the author, then '(edited)', 'Answer'... */
const byline = (post: HTMLElement) =>
  [...post.querySelector(':scope > p')!.children]
    .filter((part) => part.tagName !== 'TIME')
    .map((part) => part.textContent?.trim());
/** The last of a post's actions, where Report is (and 'Reported' once it was). */
const lastAction = (post: HTMLElement) =>
  within(post)
    .getByRole('button', { name: /^Upvote/ })
    .parentElement!.lastElementChild?.textContent?.trim();
/** What stands beside a discussion's title: 'Answered', else its Follow button. */
const besideTitle = (view: HTMLElement) =>
  within(view).getByRole('heading', { level: 3 }).nextElementSibling?.textContent?.trim();
/** The notice under a discussion's header (its lock). */
const underHeader = (view: HTMLElement) => view.querySelector('header')?.nextElementSibling?.textContent;
const enabled = (button: HTMLElement) => !(button as HTMLButtonElement).disabled;

beforeEach(() => signIn());
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await session.logout({ revoke: false });
});

describe('the list of discussions', () => {
  it("lists a lesson's discussions with their replies, votes and states, newest first; Top and Unanswered ask the server in that order", async () => {
    const server = fakeApi().on(discussionRoutes.listThreads, ({ query }) =>
      query.get('sort') === 'unanswered'
        ? page([])
        : page([
            thread(),
            thread({
              _id: T2,
              title: 'Grid or flex?',
              answered: true,
              locked: true,
              replyCount: 3,
              opening: post({
                _id: id(0x300),
                threadId: T2,
                isOpening: true,
                upvotes: 4,
                author: { ...ADA, isCreator: true },
              }),
            }),
          ]),
    );
    renderDiscussion();
    const list = await screen.findByTestId('thread-list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('button')?.textContent),
    ).toEqual(['How do named areas work?', 'Grid or flex?']);
    const second = within(list).getAllByRole('listitem')[1]!;
    expect(second.textContent).toContain('3 replies');
    expect(second.textContent).toContain('4 upvotes');
    expect(second.textContent).toContain('Answered');
    expect(second.textContent).toContain('Locked');
    expect(within(second).getByText('Creator').parentElement?.textContent).toMatch(/^Ada Creator · /);
    expect(within(within(list).getAllByRole('listitem')[0]!).queryByText('Creator')).toBeNull();
    const first = server.callsTo(discussionRoutes.listThreads)[0]!;
    expect(Object.fromEntries(first.query)).toEqual({ productId: PRODUCT, lessonId: LESSON, sort: 'newest' });
    expect(first.headers.get('Authorization')).toBe('Bearer member-token');

    await act(async () => fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'top' } }));
    await waitFor(() =>
      expect(server.callsTo(discussionRoutes.listThreads).at(-1)!.query.get('sort')).toBe('top'),
    );
    await act(async () =>
      fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'unanswered' } }),
    );
    expect((await screen.findByText(/^(Every question|No questions)/)).textContent).toBe(
      'Every question here has an answer.',
    );
  });

  it('says when nobody has asked yet, and asks visitors to sign in (reading nothing)', async () => {
    const server = fakeApi().on(discussionRoutes.listThreads, () => page([]));
    const { unmount } = renderDiscussion();
    expect((await screen.findByText(/^(Every question|No questions)/)).textContent).toBe(
      'No questions yet. Be the first to ask one.',
    );
    unmount();
    await session.logout({ revoke: false });
    server.calls.length = 0;
    renderDiscussion();
    const signInButton = screen.getByRole('button', { name: 'Sign in' });
    expect(signInButton.previousElementSibling?.textContent).toBe(
      'Sign in to read the questions and answers and to ask your own.',
    );
    expect(enabled(signInButton)).toBe(true);
    expect(server.calls).toHaveLength(0);
  });

  it("shows the server's refusal in its own words, without a Retry that cannot help", async () => {
    fakeApi().on(discussionRoutes.listThreads, () =>
      failure(403, 'Active subscription required to access this content'),
    );
    renderDiscussion();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Active subscription required to access this content');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('asks a question: the discussion opens as the server rendered it, the focus on its title, and the news is told', async () => {
    const created = thread({
      _id: T2,
      title: 'Why **bold**?',
      replyCount: 0,
      opening: post({
        _id: id(0x400),
        threadId: T2,
        isOpening: true,
        author: ME,
        mine: true,
        bodyHtml: '<p>Why <em>this</em></p>',
        editableUntil: minutesFromNow(15),
      }),
    });
    const server = fakeApi()
      .on(discussionRoutes.listThreads, () => page([]))
      .on(discussionRoutes.createThread, ({ body }) => {
        const { title } = body as { title: string };
        return title.trim().length < 5
          ? failure(400, 'Title must be at least 5 characters', [
              { field: 'title', message: 'Title must be at least 5 characters' },
            ])
          : success(created, { status: 201 });
      })
      .on(discussionRoutes.getThread, () => created)
      .on(discussionRoutes.listReplies, () => page([]));
    renderDiscussion();
    const ask = await screen.findByRole('button', { name: 'Ask a question' });
    await act(async () => fireEvent.click(ask));
    const form = screen.getByRole('form', { name: 'Ask a question' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Title'));
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Why' } });
    fireEvent.change(within(form).getByLabelText('Details'), { target: { value: 'Why *this*' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Post question' })));
    // the server's field error beside its field
    expect((await within(form).findByRole('alert')).textContent).toBe('Title must be at least 5 characters');
    expect(within(form).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Why **bold**?' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Post question' })));
    const view = await screen.findByTestId('thread-view');
    expect(server.callsTo(discussionRoutes.createThread).at(-1)!.body).toEqual({
      productId: PRODUCT,
      lessonId: LESSON,
      title: 'Why **bold**?',
      body: 'Why *this*',
    });
    // the title is text; only the server's sanitised bodyHtml is HTML
    const heading = within(view).getByRole('heading', { level: 3 });
    expect(heading.textContent).toBe('Why **bold**?');
    expect(document.activeElement).toBe(heading);
    expect(view.querySelector('em')?.textContent).toBe('this');
    expect(screen.getByTestId('discussion-announcer').textContent).toBe('Your question was posted.');
  });

  it('shows a rate limit in the words the server used', async () => {
    fakeApi()
      .on(discussionRoutes.listThreads, () => page([]))
      .on(discussionRoutes.createThread, () => failure(429, COMMUNITY_MESSAGES.rateLimited));
    renderDiscussion();
    const ask = await screen.findByRole('button', { name: 'Ask a question' });
    await act(async () => fireEvent.click(ask));
    const form = screen.getByRole('form', { name: 'Ask a question' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'A fine title' } });
    fireEvent.change(within(form).getByLabelText('Details'), { target: { value: 'Body' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Post question' })));
    expect((await within(form).findByRole('alert')).textContent).toContain(COMMUNITY_MESSAGES.rateLimited);
  });
});

describe('one discussion', () => {
  /** The reasons moderators gave, in order. */
  const hiddenWith: string[] = [];
  function threadServer(overrides: { thread?: Thread; replies?: Post[][]; reportedBefore?: string[] } = {}) {
    const current = overrides.thread ?? thread();
    const pages = overrides.replies ?? [[post()]];
    const known = (postId: string) => pages.flat().find((candidate) => candidate._id === postId)!;
    // posts reported in an earlier visit
    const reported = new Set(overrides.reportedBefore ?? []);
    return fakeApi()
      .on(discussionRoutes.listThreads, () => page([current]))
      .on(discussionRoutes.getThread, () => current)
      .on(discussionRoutes.listReplies, ({ query }) => {
        const index = Number(query.get('cursor') ?? 0);
        return page(pages[index]!, index + 1 < pages.length ? String(index + 1) : null, pages.flat().length);
      })
      .on(discussionRoutes.createReply, ({ body }) =>
        success(
          post({
            _id: id(0x900),
            author: ME,
            mine: true,
            body: (body as { body: string }).body,
            bodyHtml: `<p>${(body as { body: string }).body}</p>`,
            editableUntil: minutesFromNow(15),
          }),
          { status: 201 },
        ),
      )
      .on(discussionRoutes.upvote, ({ params }) => ({ postId: params.postId, upvotes: 1, upvotedByMe: true }))
      .on(discussionRoutes.removeVote, ({ params }) => ({
        postId: params.postId,
        upvotes: 0,
        upvotedByMe: false,
      }))
      .on(discussionRoutes.markAnswer, ({ params }) => ({
        ...current,
        answered: true,
        answerPostId: params.postId,
      }))
      .on(followRoutes.unfollow, () => ({ threadId: current._id, following: false }))
      .on(discussionRoutes.editPost, ({ params, body }) => {
        const text = (body as { body: string }).body;
        return {
          ...known(params.postId!),
          body: text,
          bodyHtml: `<p>${text}</p>`,
          editedAt: new Date().toISOString(),
        };
      })
      .on(discussionRoutes.deletePost, ({ params }) => ({
        ...known(params.postId!),
        status: 'deleted' as const,
        body: '',
        bodyHtml: '',
      }))
      .on(moderationRoutes.hidePost, ({ params, body }) => {
        hiddenWith.push((body as { reason: string }).reason);
        return { ...known(params.postId!), status: 'hidden' as const, body: '', bodyHtml: '' };
      })
      .on(moderationRoutes.lockThread, ({ body }) => {
        hiddenWith.push((body as { reason: string }).reason);
        return { ...current, locked: true };
      })
      .on(discussionRoutes.report, ({ params }) =>
        reported.has(params.postId!)
          ? failure(409, COMMUNITY_MESSAGES.alreadyReported)
          : (reported.add(params.postId!),
            success({ postId: params.postId, reported: true }, { status: 201 })),
      );
  }

  it('shows the opening post and its replies, loads more with the next cursor, and goes back with the focus on its entry', async () => {
    const server = threadServer({
      replies: [[post()], [post({ _id: id(0x202), body: 'Or lines', bodyHtml: '<p>Or lines</p>' })]],
    });
    renderDiscussion();
    const view = await openThread();
    expect(document.activeElement).toBe(
      within(view).getByRole('heading', { level: 3, name: 'How do named areas work?' }),
    );
    await waitFor(() => expect(replyTexts(view)).toEqual(['Use grid-template-areas.']));
    expect(textOf(openingOf(view))).toBe('I am lost');
    await act(async () => fireEvent.click(within(view).getByRole('button', { name: 'Load more replies' })));
    await waitFor(() => expect(replyTexts(view)).toEqual(['Use grid-template-areas.', 'Or lines']));
    expect(server.callsTo(discussionRoutes.listReplies, { threadId: T1 }).at(-1)!.query.get('cursor')).toBe(
      '1',
    );
    expect(within(view).queryByRole('button', { name: 'Load more replies' })).toBeNull();

    await act(async () => fireEvent.click(within(view).getByRole('button', { name: /All questions/ })));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('How do named areas work?'));
  });

  it("names the item's own creator with a Creator badge beside their name, in words", async () => {
    const maya = { _id: 'c'.repeat(24), name: 'Maya Chen', isAdmin: false, isCreator: true };
    threadServer({ replies: [[post({ author: maya })]] });
    renderDiscussion();
    const view = await openThread();
    await waitFor(() => expect(replyTexts(view)).toEqual(['Use grid-template-areas.']));
    expect(byline(postOf(view, id(0x201))).slice(0, 2)).toEqual(['Maya Chen', 'Creator']);
    expect(byline(openingOf(view))).not.toContain('Creator');
  });

  it('replies (the reply joins the list and is told), upvotes and takes the vote back, and unfollows', async () => {
    const server = threadServer();
    renderDiscussion();
    const view = await openThread();
    await within(view).findByText('grid-template-areas');
    fireEvent.change(within(view).getByLabelText('Your reply'), { target: { value: 'Thanks, that works' } });
    await act(async () => fireEvent.click(within(view).getByRole('button', { name: 'Post reply' })));
    await waitFor(() => expect(replyTexts(view)).toEqual(['Use grid-template-areas.', 'Thanks, that works']));
    expect(within(view).getByRole('heading', { level: 4 }).textContent).toBe('2 replies');
    expect(screen.getByTestId('discussion-announcer').textContent).toBe('Your reply was posted.');

    const reply = view.querySelector(`[data-post-id="${id(0x201)}"]`) as HTMLElement;
    const vote = within(reply).getByRole('button', { name: 'Upvote (0)' });
    expect(vote.getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(vote));
    const voted = await within(reply).findByRole('button', { name: 'Upvote (1)' });
    expect(voted.getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(voted));
    expect(
      (await within(reply).findByRole('button', { name: 'Upvote (0)' })).getAttribute('aria-pressed'),
    ).toBe('false');
    expect(server.callsTo(discussionRoutes.upvote, { postId: id(0x201) })).toHaveLength(1);
    expect(server.callsTo(discussionRoutes.removeVote, { postId: id(0x201) })).toHaveLength(1);

    await act(async () => fireEvent.click(within(view).getByRole('button', { name: 'Unfollow' })));
    expect((await within(view).findByRole('button', { name: 'Follow' })).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('lets the person who asked mark a reply as the answer', async () => {
    const server = threadServer();
    renderDiscussion();
    const view = await openThread();
    await within(view).findByText('grid-template-areas');
    const toggle = within(view).getByRole('button', { name: 'Mark as answer' });
    await act(async () => fireEvent.click(toggle));
    await waitFor(() => expect(toggle.textContent?.trim()).toBe('Unmark answer'));
    expect(besideTitle(view)).toBe('Answered');
    expect(server.callsTo(discussionRoutes.markAnswer, { postId: id(0x201) })).toHaveLength(1);
  });

  it("offers no Mark as answer to someone else's question, unless they are an admin", async () => {
    threadServer({
      thread: thread({
        opening: post({
          _id: id(0x200),
          isOpening: true,
          author: ADA,
          mine: false,
          body: 'Help',
          bodyHtml: '<p>Help</p>',
        }),
      }),
    });
    const { unmount } = renderDiscussion();
    let view = await openThread();
    await within(view).findByText('grid-template-areas');
    expect(within(view).queryByRole('button', { name: 'Mark as answer' })).toBeNull();
    unmount();
    signIn('admin');
    renderDiscussion();
    view = await openThread();
    await within(view).findByText('grid-template-areas');
    expect(enabled(within(view).getByRole('button', { name: 'Mark as answer' }))).toBe(true);
  });

  it('lets an admin hide any post and lock the discussion where they are, each with a reason', async () => {
    hiddenWith.length = 0;
    threadServer({ replies: [[post({ author: ADA, mine: false })]] });
    signIn('admin');
    renderDiscussion();
    const view = await openThread();
    await within(view).findByText('grid-template-areas');
    const reply = within(view).getAllByTestId('post')[1]!;
    fireEvent.click(within(reply).getByRole('button', { name: 'Hide' }));
    const form = within(reply).getByRole('form', { name: 'Hide this post' });
    fireEvent.change(within(form).getByLabelText('Reason (kept in the moderation log)'), {
      target: { value: '  Off topic  ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Hide post' }));
    await waitFor(() =>
      expect(within(view).getAllByTestId('post')[1]!.textContent).toBe(COMMUNITY_MESSAGES.removed),
    );
    fireEvent.click(within(view).getByRole('button', { name: 'Lock' }));
    const lock = within(view).getByRole('form', { name: 'Lock this discussion' });
    fireEvent.change(within(lock).getByLabelText('Reason (kept in the moderation log)'), {
      target: { value: 'Resolved elsewhere' },
    });
    fireEvent.click(within(lock).getByRole('button', { name: 'Lock discussion' }));
    expect(await within(view).findByText(COMMUNITY_MESSAGES.locked)).toBeInstanceOf(HTMLElement);
    expect(within(view).getByRole('button', { name: 'Unlock' }).tagName).toBe('BUTTON');
    expect(hiddenWith).toEqual(['Off topic', 'Resolved elsewhere']);
  });

  it('offers learners no Hide and no Lock', async () => {
    threadServer({ replies: [[post({ author: ADA, mine: false })]] });
    signIn();
    renderDiscussion();
    const view = await openThread();
    await within(view).findByText('grid-template-areas');
    expect(within(view).queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(within(view).queryByRole('button', { name: 'Lock' })).toBeNull();
  });

  it('offers Edit only while the edit window lasts, saying the time left, and saves the edit', async () => {
    const mine = post({
      _id: id(0x210),
      author: ME,
      mine: true,
      body: 'First try',
      bodyHtml: '<p>First try</p>',
      editableUntil: minutesFromNow(10.5),
    });
    const old = post({
      _id: id(0x211),
      author: ME,
      mine: true,
      body: 'Older',
      bodyHtml: '<p>Older</p>',
      editableUntil: null,
    });
    const server = threadServer({ replies: [[mine, old]] });
    renderDiscussion();
    const view = await openThread();
    await within(view).findByText('First try');
    const editable = view.querySelector(`[data-post-id="${mine._id}"]`) as HTMLElement;
    const closed = view.querySelector(`[data-post-id="${old._id}"]`) as HTMLElement;
    expect(within(editable).getByRole('button', { name: /Edit/ }).textContent).toContain('(10 minutes left)');
    expect(within(closed).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(enabled(within(closed).getByRole('button', { name: /Delete/ }))).toBe(true);

    // the edit saved: what the server answers is shown
    await act(async () => fireEvent.click(within(editable).getByRole('button', { name: /Edit/ })));
    const field = within(editable).getByLabelText('Edit your post');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'Second try' } });
    await act(async () => fireEvent.click(within(editable).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(textOf(postOf(view, mine._id))).toBe('Second try'));
    expect(byline(postOf(view, mine._id))).toEqual(['Lee', '(edited)']);
    const patch = server.calls.find((request) => request.method === 'PATCH')!;
    expect(patch.path).toBe(`/community/posts/${mine._id}`);
    expect(patch.body).toEqual({ body: 'Second try' });
  });

  it("offers no upvote on one's own post, and says why", async () => {
    const mine = post({
      _id: id(0x211),
      author: ME,
      mine: true,
      upvotes: 2,
      body: 'Mine',
      bodyHtml: '<p>Mine</p>',
    });
    const server = threadServer({ replies: [[mine, post()]] });
    renderDiscussion();
    const view = await openThread();
    await within(view).findByText('Mine');
    const own = within(postOf(view, mine._id)).getByRole('button', { name: 'Upvotes on your post (2)' });
    expect(enabled(own)).toBe(false);
    expect(own.getAttribute('title')).toBe(COMMUNITY_MESSAGES.ownPostVote);
    fireEvent.click(own);
    expect(server.callsTo(discussionRoutes.upvote, { postId: mine._id })).toHaveLength(0);
    // Someone else's reply keeps its upvote.
    expect(enabled(within(postOf(view, id(0x201))).getByRole('button', { name: 'Upvote (0)' }))).toBe(true);
  });

  it('deletes an own post after asking, leaving the removed placeholder', async () => {
    const mine = post({ _id: id(0x210), author: ME, mine: true, body: 'Oops', bodyHtml: '<p>Oops</p>' });
    const server = threadServer({ replies: [[mine]] });
    renderDiscussion();
    const view = await openThread();
    await within(view).findByText('Oops');
    const item = view.querySelector(`[data-post-id="${mine._id}"]`) as HTMLElement;
    await act(async () => fireEvent.click(within(item).getByRole('button', { name: /Delete/ })));
    const confirm = within(item).getByRole('group', { name: 'Delete this post' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    await waitFor(() => expect(textOf(postOf(view, mine._id))).toBe(COMMUNITY_MESSAGES.removed));
    expect(within(view).queryByText('Oops')).toBeNull();
    expect(
      server.calls.some(
        (request) => request.method === 'DELETE' && request.path === `/community/posts/${mine._id}`,
      ),
    ).toBe(true);
  });

  it('shows a removed post as the placeholder, with no text and nothing to do', async () => {
    threadServer({ replies: [[post({ status: 'hidden', body: '', bodyHtml: '' })]] });
    renderDiscussion();
    const view = await openThread();
    const removed = await within(view).findByText(COMMUNITY_MESSAGES.removed);
    const item = removed.closest('[data-testid="post"]') as HTMLElement;
    expect(within(item).queryAllByRole('button')).toHaveLength(0);
  });

  it('reports a post once, with a reason and a note; a second report refused by the server says why', async () => {
    const other = post({ _id: id(0x220), body: 'Buy now', bodyHtml: '<p>Buy now</p>' });
    const server = threadServer({ replies: [[post(), other]], reportedBefore: [id(0x201)] });
    renderDiscussion();
    const view = await openThread();
    await within(view).findByText('Buy now');
    const item = view.querySelector(`[data-post-id="${other._id}"]`) as HTMLElement;
    await act(async () => fireEvent.click(within(item).getByRole('button', { name: /Report/ })));
    const form = within(item).getByRole('form', { name: 'Report this post' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Reason'));
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'spam' } });
    fireEvent.change(within(form).getByLabelText('Note for the moderators (optional)'), {
      target: { value: 'An advert' },
    });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send report' })));
    await waitFor(() => expect(lastAction(item)).toBe('Reported'));
    expect(within(item).queryByRole('button', { name: /Report/ })).toBeNull();
    expect(
      server.callsTo(discussionRoutes.report, { postId: other._id }).map((request) => request.body),
    ).toEqual([{ reason: 'spam', note: 'An advert' }]);

    // reported in an earlier visit: the server's 409 is said, and Report is not offered again
    const first = view.querySelector(`[data-post-id="${id(0x201)}"]`) as HTMLElement;
    await act(async () => fireEvent.click(within(first).getByRole('button', { name: /Report/ })));
    fireEvent.change(within(first).getByLabelText('Reason'), { target: { value: 'abuse' } });
    await act(async () => fireEvent.click(within(first).getByRole('button', { name: 'Send report' })));
    expect((await within(first).findByRole('alert')).textContent).toContain(
      COMMUNITY_MESSAGES.alreadyReported,
    );
    expect(lastAction(first)).toBe('Reported');
  });

  it('says a locked discussion is locked and offers no reply', async () => {
    threadServer({ thread: thread({ locked: true }) });
    renderDiscussion();
    const view = await openThread();
    await waitFor(() => expect(underHeader(view)).toBe(COMMUNITY_MESSAGES.locked));
    expect(within(view).queryByLabelText('Your reply')).toBeNull();
  });
});

describe('an open discussion, live', () => {
  /**
   * A thread whose replies the test changes as others would (`pages`), and its event streams, one per opening
   * (a further opening finds none: 503, and the reader keeps trying).
   */
  function liveServer(pages: Post[][], streams: ReturnType<typeof sseStream>[], current: Thread = thread()) {
    let opened = 0;
    const server = fakeApi()
      .on(discussionRoutes.listThreads, () => page([current]))
      .on(discussionRoutes.getThread, () => current)
      .on(discussionRoutes.listReplies, ({ query }) => {
        const index = Number(query.get('cursor') ?? 0);
        return page(pages[index]!, index + 1 < pages.length ? String(index + 1) : null, pages.flat().length);
      })
      .on(discussionRoutes.events, () => streams[opened++]?.response ?? new Response('', { status: 503 }));
    return { server, replyReads: () => server.callsTo(discussionRoutes.listReplies, { threadId: T1 }) };
  }
  const reply = (n: number, overrides: Partial<Post> = {}) =>
    post({ _id: id(0x500 + n), body: `Reply ${n}`, bodyHtml: `<p>Reply ${n}</p>`, ...overrides });
  const announced = () => screen.getByTestId('discussion-announcer').textContent;

  it('shows a reply someone posts while it is open, read through the API, and tells it as "1 new reply"', async () => {
    const pages = [[reply(1)]];
    const stream = sseStream();
    const { server, replyReads } = liveServer(pages, [stream]);
    renderDiscussion();
    const view = await openThread();
    await within(view).findByText('Reply 1');
    await waitFor(() => expect(server.callsTo(discussionRoutes.events, { threadId: T1 })).toHaveLength(1));
    const opening = server.callsTo(discussionRoutes.events, { threadId: T1 })[0]!;
    expect(opening.headers.get('Authorization')).toBe('Bearer member-token');
    expect(opening.headers.get('Accept')).toBe('text/event-stream');

    pages[0]!.push(reply(2, { author: { _id: 'c'.repeat(24), name: 'Sam', isAdmin: false } }));
    await act(async () =>
      stream.send('reply', { type: 'reply', threadId: T1, postId: id(0x502), replyCount: 2 }),
    );
    await waitFor(() => expect(replyTexts(view)).toEqual(['Reply 1', 'Reply 2']));
    expect(within(view).getByRole('heading', { level: 4 }).textContent).toBe('2 replies');
    expect(announced()).toBe('1 new reply');
    // the page the reader had was read again from its own start (the first page: no cursor)
    expect(replyReads()).toHaveLength(2);
    expect(replyReads()[1]!.query.get('cursor')).toBeNull();
    expect(within(view).getAllByTestId('post')).toHaveLength(3);

    // the same reply told again (another replica, a reconnection) is not added twice
    await act(async () =>
      stream.send('reply', { type: 'reply', threadId: T1, postId: id(0x502), replyCount: 2 }),
    );
    expect(within(view).getAllByTestId('post')).toHaveLength(3);
    // another discussion's events are not this one's
    await act(async () =>
      stream.send('reply', { type: 'reply', threadId: T2, postId: id(0x503), replyCount: 7 }),
    );
    expect(within(view).getByRole('heading', { level: 4 }).textContent).toBe('2 replies');
  });

  it('reads the last page from its cursor, and past unread pages only counts and tells the new reply', async () => {
    const pages = [[reply(1)], [reply(2)]];
    const stream = sseStream();
    const { replyReads } = liveServer(pages, [stream], thread({ replyCount: 2 }));
    renderDiscussion();
    const view = await openThread();
    await within(view).findByText('Reply 1');
    await act(async () =>
      stream.send('reply', { type: 'reply', threadId: T1, postId: id(0x503), replyCount: 3 }),
    );
    expect(within(view).getByRole('heading', { level: 4 }).textContent).toBe('3 replies');
    expect(announced()).toBe('1 new reply');
    expect(replyReads()).toHaveLength(1);

    pages[1]!.push(reply(3));
    await act(async () => fireEvent.click(within(view).getByRole('button', { name: 'Load more replies' })));
    await within(view).findByText('Reply 3');
    pages[1]!.push(reply(4));
    await act(async () =>
      stream.send('reply', { type: 'reply', threadId: T1, postId: id(0x504), replyCount: 4 }),
    );
    await waitFor(() => expect(replyTexts(view)).toEqual(['Reply 1', 'Reply 2', 'Reply 3', 'Reply 4']));
    expect(replyReads().at(-1)!.query.get('cursor')).toBe('1');
    expect(
      within(view)
        .getAllByTestId('post')
        .map((node) => node.getAttribute('data-post-id')),
    ).toEqual([id(0x200), id(0x501), id(0x502), id(0x503), id(0x504)]);
  });

  it("applies edits, votes, removals, the answer and the lock from the stream, keeping the reader's own vote", async () => {
    const stream = sseStream();
    liveServer([[reply(1, { upvotes: 2, upvotedByMe: true })]], [stream]);
    renderDiscussion();
    const view = await openThread();
    await within(view).findByText('Reply 1');
    const item = () => view.querySelector(`[data-post-id="${id(0x501)}"]`) as HTMLElement;
    const changed = (change: Partial<Post>) =>
      act(async () =>
        stream.send('post-changed', {
          type: 'post-changed',
          threadId: T1,
          post: {
            _id: id(0x501),
            body: 'Reply 1',
            bodyHtml: '<p>Reply 1</p>',
            editedAt: null,
            upvotes: 2,
            status: 'visible',
            ...change,
          },
        }),
      );
    const threadState = (change: Partial<Thread>) =>
      act(async () =>
        stream.send('thread', {
          type: 'thread',
          threadId: T1,
          title: 'How do named areas work?',
          replyCount: 1,
          answered: false,
          answerPostId: null,
          locked: false,
          ...change,
        }),
      );

    await changed({ upvotes: 3 });
    const vote = within(item()).getByRole('button', { name: 'Upvote (3)' });
    expect(vote.getAttribute('aria-pressed')).toBe('true');

    await changed({
      body: 'Reply one, better',
      bodyHtml: '<p>Reply one, <em>better</em></p>',
      editedAt: '2026-11-24T10:05:00.000Z',
      upvotes: 3,
    });
    expect(textOf(item())).toBe('Reply one, better');

    await threadState({ answered: true, answerPostId: id(0x501), title: 'How do named grid areas work?' });
    expect(within(view).getByRole('heading', { level: 3 }).textContent).toBe('How do named grid areas work?');
    expect(besideTitle(view)).toBe('Answered');
    expect(byline(item())).toEqual(['Ada', '(edited)', 'Answer']);

    await changed({ status: 'hidden', body: '', bodyHtml: '' });
    expect(textOf(item())).toBe(COMMUNITY_MESSAGES.removed);
    await changed({
      body: 'Reply one, better',
      bodyHtml: '<p>Reply one, <em>better</em></p>',
      editedAt: '2026-11-24T10:05:00.000Z',
      upvotes: 3,
    });
    expect(textOf(item())).toBe('Reply one, better');

    await threadState({ locked: true, answered: true, answerPostId: id(0x501) });
    expect(underHeader(view)).toBe(COMMUNITY_MESSAGES.locked);
    expect(within(view).queryByLabelText('Your reply')).toBeNull();
  });

  it('reads again what it missed once its dropped stream is back', { timeout: 10_000 }, async () => {
    const pages = [[reply(1)]];
    const first = sseStream();
    const second = sseStream();
    const { server } = liveServer(pages, [first, second]);
    renderDiscussion();
    const view = await openThread();
    await within(view).findByText('Reply 1');
    await waitFor(() => expect(server.callsTo(discussionRoutes.events, { threadId: T1 })).toHaveLength(1));
    const threadReads = server.callsTo(discussionRoutes.getThread, { threadId: T1 }).length;

    pages[0]!.push(reply(2));
    await act(async () => first.drop());
    await waitFor(() => expect(server.callsTo(discussionRoutes.events, { threadId: T1 })).toHaveLength(2), {
      timeout: 4_000,
    });
    await waitFor(() => expect(replyTexts(view)).toEqual(['Reply 1', 'Reply 2']));
    expect(server.callsTo(discussionRoutes.getThread, { threadId: T1 }).length).toBe(threadReads + 1);
    expect(announced()).toBe('1 new reply');
  });

  /** The reader posts a reply whose answer waits until `answer()`; the reply's next page already holds it. */
  async function postingOwnReply(suffix: number, shown: string) {
    const stream = sseStream();
    const pages = [[reply(1)]];
    const mine = post({ _id: id(suffix), author: ME, mine: true, body: 'Mine', bodyHtml: `<p>${shown}</p>` });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    liveServer(pages, [stream], thread()).server.on(
      discussionRoutes.createReply,
      async () => (await answered, success(mine, { status: 201 })),
    );
    renderDiscussion();
    const view = await openThread();
    await within(view).findByText('Reply 1');
    fireEvent.change(within(view).getByLabelText('Your reply'), { target: { value: 'Mine' } });
    await act(async () => fireEvent.click(within(view).getByRole('button', { name: 'Post reply' })));
    pages[0]!.push(mine);
    const told = () => stream.send('reply', { type: 'reply', threadId: T1, postId: mine._id, replyCount: 2 });
    return { view, mine, told, answer };
  }

  it("counts the reader's own reply once when the stream tells it before the answer to posting does", async () => {
    const { view, mine, told, answer } = await postingOwnReply(0x900, 'Mine, posted');
    await act(async () => told());
    await within(view).findByText('Mine, posted');
    // the reader's own reply is not news to them
    expect(announced()).not.toBe('1 new reply');
    await act(async () => answer());
    await waitFor(() => expect(announced()).toBe('Your reply was posted.'));
    expect(within(view).getByRole('heading', { level: 4 }).textContent).toBe('2 replies');
    expect(view.querySelectorAll(`[data-post-id="${mine._id}"]`)).toHaveLength(1);
  });

  it("counts the reader's own reply once when the answer to posting comes while the stream's news is still being read", async () => {
    const { view, mine, told, answer } = await postingOwnReply(0x901, 'Mine, raced');
    // the stream's event and the POST's answer land together, before the tail is read again
    await act(async () => {
      told();
      answer();
    });
    await within(view).findByText('Mine, raced');
    await waitFor(() =>
      expect(within(view).getByRole('heading', { level: 4 }).textContent).toBe('2 replies'),
    );
    expect(view.querySelectorAll(`[data-post-id="${mine._id}"]`)).toHaveLength(1);
  });
});
