import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMUNITY_MESSAGES, type LiveQuestion, type LiveSession, liveRoutes } from '@catalyst/contracts';
import { session as sessionStore } from '@catalyst/web-kit';
import { failure, fakeApi, sseStream, success } from '@catalyst/web-kit/testing';
import LiveBoard from './LiveBoard';

const PRODUCT = 'a'.repeat(24);
const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MINUTE = 60_000;
const ADA = { _id: 'e'.repeat(24), name: 'Ada', isAdmin: false };
const ME = { _id: 'f'.repeat(24), name: 'Lee', isAdmin: false };

const liveSession = (overrides: Partial<LiveSession> = {}): LiveSession => ({
  productId: PRODUCT,
  title: 'Ask me anything about CSS',
  startsAt: at(2 * 86_400_000 + 3 * 3_600_000 + 4 * MINUTE + 5_000),
  durationMinutes: 60,
  endsAt: at(2 * 86_400_000 + 4 * 3_600_000 + 4 * MINUTE + 5_000),
  status: 'scheduled',
  joinUrl: 'https://meet.example/abc',
  registered: false,
  registrations: 7,
  calendarUrl: `/api/v1/community/live/${PRODUCT}/calendar.ics`,
  googleCalendarUrl: 'https://calendar.google.com/calendar/render?action=TEMPLATE&text=x',
  recording: null,
  ...overrides,
});

const question = (n: number, overrides: Partial<LiveQuestion> = {}): LiveQuestion => ({
  _id: n.toString(16).padStart(24, '0'),
  productId: PRODUCT,
  author: ADA,
  body: `Question ${n}`,
  upvotes: 0,
  upvotedByMe: false,
  answered: false,
  mine: false,
  createdAt: at(-n * MINUTE),
  ...overrides,
});
/** A question as the stream carries it (the same for everyone: no vote of this viewer, no authorship). */
const onStream = (q: LiveQuestion): Omit<LiveQuestion, 'upvotedByMe' | 'mine'> => {
  const { upvotedByMe: _u, mine: _m, ...rest } = q;
  return rest;
};

function signIn(role: 'user' | 'admin' = 'user') {
  sessionStorage.setItem('token', 'member-token');
  sessionStore.loadUser({ _id: ME._id, name: ME.name, email: 'lee@example.com', role });
}

/** The badge beside the board's title: 'Live now', 'Ended', or nothing before the session. */
const stateBadge = () =>
  screen.getByRole('heading', { level: 2, name: 'Live Q&A session' }).nextElementSibling?.textContent?.trim();
/** The registration line beside Register and the calendar links. */
const registration = () =>
  within(screen.getByRole('link', { name: 'Add to calendar' }).parentElement!).getByRole('status')
    .textContent;
/** A question's lines: its text, then who asked it (and Answered). */
const questionLines = (item: HTMLElement) => [...item.querySelectorAll('p')].map((line) => line.textContent);
const enabled = (button: HTMLElement) => !(button as HTMLButtonElement).disabled;

beforeEach(() => {
  // the clock stands still at NOW (timers stay real: the countdown ticks and the stream's retry waits for real)
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  signIn();
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await sessionStore.logout({ revoke: false });
});

describe('the live board before the session', () => {
  it('counts down to the start each second, told to screen readers to the minute and never announced', async () => {
    fakeApi().on(liveRoutes.getSession, () => liveSession());
    render(<LiveBoard productId={PRODUCT} />);
    const timer = await screen.findByTestId('live-countdown');
    expect(timer.getAttribute('role')).toBe('timer');
    expect(timer.getAttribute('aria-live')).toBeNull();
    expect(timer.querySelector('[aria-hidden="true"]')!.textContent).toBe('Starts in 2 d 03:04:05');
    expect(timer.textContent).toContain('Starts in 2 days 3 hours 4 minutes');
    vi.setSystemTime(NOW + 1_000);
    await waitFor(
      () => expect(timer.querySelector('[aria-hidden="true"]')!.textContent).toBe('Starts in 2 d 03:04:04'),
      { timeout: 2_500 },
    );
    expect(screen.queryByTestId('live-join')).toBeNull();
    expect(screen.queryByTestId('live-questions')).toBeNull();
  });

  it('links the calendar file (a download) and Google Calendar (a new tab, no opener)', async () => {
    fakeApi().on(liveRoutes.getSession, () => liveSession());
    render(<LiveBoard productId={PRODUCT} />);
    const file = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(file.getAttribute('href')).toBe(`/api/v1/community/live/${PRODUCT}/calendar.ics`);
    expect(file.hasAttribute('download')).toBe(true);
    const google = screen.getByRole('link', { name: /Add to Google Calendar/ });
    expect(google.getAttribute('target')).toBe('_blank');
    expect(google.getAttribute('rel')).toContain('noopener');
  });

  it('registers and cancels the registration with what the server answers', async () => {
    const server = fakeApi()
      .on(liveRoutes.getSession, () => liveSession())
      .on(liveRoutes.register, () => liveSession({ registered: true, registrations: 8 }))
      .on(liveRoutes.unregister, () => liveSession({ registered: false, registrations: 7 }));
    render(<LiveBoard productId={PRODUCT} />);
    const register = await screen.findByRole('button', { name: 'Register' });
    await act(async () => fireEvent.click(register));
    await waitFor(() =>
      expect(registration()).toBe(
        "You're registered: we'll e-mail you a reminder an hour before. 8 registered",
      ),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel registration' })));
    await waitFor(() => expect(registration()).toBe('7 registered'));
    expect(enabled(screen.getByRole('button', { name: 'Register' }))).toBe(true);
    expect(server.callsTo(liveRoutes.register, { productId: PRODUCT })).toHaveLength(1);
    expect(server.callsTo(liveRoutes.unregister, { productId: PRODUCT })).toHaveLength(1);
  });

  it('renders nothing when no session is scheduled', async () => {
    const server = fakeApi().on(liveRoutes.getSession, () =>
      failure(404, COMMUNITY_MESSAGES.sessionNotFound),
    );
    const { container } = render(<LiveBoard productId={PRODUCT} />);
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await waitFor(() => expect(container.innerHTML).toBe(''));
  });

  it("shows another failure in the server's words, with Try again", async () => {
    fakeApi().on(liveRoutes.getSession, () => failure(503, 'Community is unavailable'));
    render(<LiveBoard productId={PRODUCT} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Community is unavailable');
    expect(enabled(within(alert).getByRole('button', { name: 'Try again' }))).toBe(true);
  });
});

describe('the live board during the session', () => {
  function liveServer(questions: LiveQuestion[], streams: ReturnType<typeof sseStream>[]) {
    let opened = 0;
    return fakeApi()
      .on(liveRoutes.getSession, () =>
        liveSession({ status: 'live', startsAt: at(-10 * MINUTE), endsAt: at(50 * MINUTE) }),
      )
      .on(liveRoutes.listQuestions, () => questions)
      .on(liveRoutes.events, () => streams[opened++]?.response ?? new Response('', { status: 503 }))
      .on(liveRoutes.askQuestion, ({ body }) =>
        success(
          question(9, {
            author: ME,
            mine: true,
            body: (body as { body: string }).body,
            createdAt: at(0),
          }),
          { status: 201 },
        ),
      )
      .on(liveRoutes.upvoteQuestion, ({ params }) => ({
        ...questions.find((q) => q._id === params.questionId)!,
        upvotes: 3,
        upvotedByMe: true,
      }))
      .on(liveRoutes.markQuestionAnswered, ({ params }) => ({
        ...questions.find((q) => q._id === params.questionId)!,
        answered: true,
      }));
  }
  const boardItems = () => within(screen.getByTestId('live-questions')).queryAllByTestId('live-question');

  it('says Live now with the join link in a new tab, and lists the questions most upvoted first', async () => {
    const stream = sseStream();
    liveServer(
      [question(1, { upvotes: 1 }), question(2, { upvotes: 5 }), question(3, { upvotes: 1, answered: true })],
      [stream],
    );
    render(<LiveBoard productId={PRODUCT} />);
    await waitFor(() => expect(stateBadge()).toBe('Live now'));
    const join = screen.getByTestId('live-join');
    expect(join.getAttribute('href')).toBe('https://meet.example/abc');
    expect(join.getAttribute('target')).toBe('_blank');
    expect(join.getAttribute('rel')).toContain('noopener');
    await waitFor(() => expect(boardItems()).toHaveLength(3));
    // equal votes: the earlier question first (question 3 was asked before question 1)
    expect(boardItems().map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Question 2',
      'Question 3',
      'Question 1',
    ]);
    expect(questionLines(boardItems()[1]!)).toEqual(['Question 3', 'Ada Answered']);
  });

  it('takes new questions, votes and answers from the event stream (sent with the bearer token), keeping what only this viewer knows', async () => {
    const stream = sseStream();
    const server = liveServer([question(1, { upvotes: 2, upvotedByMe: true })], [stream]);
    render(<LiveBoard productId={PRODUCT} />);
    await waitFor(() => expect(boardItems()).toHaveLength(1));
    const events = server.callsTo(liveRoutes.events, { productId: PRODUCT });
    expect(events[0]!.headers.get('Authorization')).toBe('Bearer member-token');
    expect(events[0]!.headers.get('Accept')).toBe('text/event-stream');

    await act(async () =>
      stream.send('question', {
        type: 'question',
        question: onStream(question(4, { upvotes: 0, body: 'Will there be a recording?' })),
      }),
    );
    await waitFor(() => expect(boardItems()).toHaveLength(2));
    expect(screen.getByText(/^New question from/).textContent).toBe(
      'New question from Ada: Will there be a recording?',
    );

    // a vote from someone else moves question 4 up; this viewer's own vote on question 1 stays theirs
    await act(async () =>
      stream.send('question', {
        type: 'question',
        question: onStream(question(4, { upvotes: 3, body: 'Will there be a recording?' })),
      }),
    );
    await act(async () =>
      stream.send('question', {
        type: 'question',
        question: onStream(question(1, { upvotes: 2, answered: true })),
      }),
    );
    await waitFor(() => expect(boardItems()[0]!.textContent).toContain('Will there be a recording?'));
    const first = boardItems()[1]!;
    expect(questionLines(first)).toEqual(['Question 1', 'Ada Answered']);
    expect(
      within(first).getByRole('button', { name: 'Upvote: Question 1' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('asks a question and upvotes one (aria-pressed, the count the server says)', async () => {
    const stream = sseStream();
    const server = liveServer([question(1, { upvotes: 2 })], [stream]);
    render(<LiveBoard productId={PRODUCT} />);
    await waitFor(() => expect(boardItems()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Your question'), { target: { value: 'How do I nest grids?' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ask' })));
    await waitFor(() => expect(boardItems()).toHaveLength(2));
    expect(questionLines(boardItems()[1]!)).toEqual(['How do I nest grids?', 'Lee (you)']);
    expect(server.callsTo(liveRoutes.askQuestion, { productId: PRODUCT })[0]!.body).toEqual({
      body: 'How do I nest grids?',
    });
    expect((screen.getByLabelText('Your question') as HTMLTextAreaElement).value).toBe('');

    const vote = screen.getByRole('button', { name: 'Upvote: Question 1' });
    expect(vote.getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(vote));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Upvote: Question 1' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(screen.getByRole('button', { name: 'Upvote: Question 1' }).textContent).toContain('3');
  });

  it('offers the host (an admin) Mark answered', async () => {
    signIn('admin');
    const stream = sseStream();
    const server = liveServer([question(1)], [stream]);
    render(<LiveBoard productId={PRODUCT} />);
    await waitFor(() => expect(boardItems()).toHaveLength(1));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark answered' })));
    await waitFor(() => expect(questionLines(boardItems()[0]!)).toEqual(['Question 1', 'Ada Answered']));
    expect(server.callsTo(liveRoutes.markQuestionAnswered, { questionId: question(1)._id })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Mark answered' })).toBeNull();
  });

  it('offers members no Mark answered', async () => {
    liveServer([question(1)], [sseStream()]);
    render(<LiveBoard productId={PRODUCT} />);
    await waitFor(() => expect(boardItems()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Mark answered' })).toBeNull();
  });

  it(
    'says Reconnecting… when the stream drops, and takes events again once it is back',
    { timeout: 10_000 },
    async () => {
      const first = sseStream();
      const second = sseStream();
      const server = liveServer([question(1)], [first, second]);
      render(<LiveBoard productId={PRODUCT} />);
      await waitFor(() => expect(boardItems()).toHaveLength(1));
      await act(async () => first.drop());
      await waitFor(() =>
        expect(
          screen.getByRole('heading', { name: 'Questions for the host' }).nextElementSibling?.textContent,
        ).toBe('Reconnecting…'),
      );
      // the first retry waits 2 s
      await waitFor(() => expect(server.callsTo(liveRoutes.events, { productId: PRODUCT })).toHaveLength(2), {
        timeout: 4_000,
      });
      await waitFor(() => expect(screen.queryByText('Reconnecting…')).toBeNull());
      await act(async () => second.send('question', { type: 'question', question: onStream(question(5)) }));
      await waitFor(() => expect(boardItems()).toHaveLength(2));
    },
  );

  it('moves to Ended when the session event says so, and then shows the recording in the host page’s player', async () => {
    const stream = sseStream();
    const recording: NonNullable<LiveSession['recording']> = {
      assetId: 'c'.repeat(24),
      streamUrl: '/media/streams/x/master.m3u8?token=t',
      posterUrl: null,
    };
    const server = liveServer([], [stream]);
    const answer = server.fetch.getMockImplementation()!;
    let ended = false;
    server.fetch.mockImplementation(async (input, init) =>
      ended && String(input).endsWith(`/community/live/${PRODUCT}`)
        ? new Response(
            JSON.stringify({
              success: true,
              data: liveSession({
                status: 'ended',
                startsAt: at(-70 * MINUTE),
                endsAt: at(-10 * MINUTE),
                recording,
              }),
            }),
            { status: 200 },
          )
        : answer(input, init),
    );
    const renderRecording = vi.fn((r: typeof recording, title: string) => (
      <p>Player for {`${r.streamUrl} ${title}`}</p>
    ));
    const { unmount } = render(<LiveBoard productId={PRODUCT} renderRecording={renderRecording} />);
    await waitFor(() => expect(stateBadge()).toBe('Live now'));
    await act(async () =>
      stream.send('session', { type: 'session', status: 'ended', startsAt: at(-60 * MINUTE), endsAt: at(0) }),
    );
    await waitFor(() => expect(stateBadge()).toBe('Ended'));
    expect(screen.queryByTestId('live-questions')).toBeNull();
    expect(screen.getByText(/^This session has ended/).textContent).toBe(
      'This session has ended. Its recording will appear here once it is ready.',
    );
    unmount();

    ended = true;
    render(<LiveBoard productId={PRODUCT} renderRecording={renderRecording} />);
    const shown = await screen.findByTestId('live-recording');
    expect(within(shown).getByRole('paragraph').textContent).toBe(
      `Player for ${recording.streamUrl} Ask me anything about CSS`,
    );
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });
});
