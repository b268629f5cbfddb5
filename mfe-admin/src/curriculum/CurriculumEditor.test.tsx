import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  COURSE_MESSAGES,
  QUIZ_MESSAGES,
  curriculumBodySchema,
  curriculumRoutes,
  assetRoutes,
  type AdminCurriculum,
  type AdminMediaAsset,
  type AdminLesson,
  type AdminQuiz,
} from '@catalyst/contracts';
import { fakeApi, success, type FakeApi } from '@catalyst/web-kit/testing';
import { readyVideo } from '../testing/mediaAsset';
import { CurriculumEditor } from './CurriculumEditor';
import { fieldError } from '../testing/adminPage';

const id = (n: number) => n.toString(16).padStart(24, '0');
const PRODUCT = id(1);
const PATH = `/admin/products/${PRODUCT}/curriculum`;

const lesson = (n: number, title: string, extra: Partial<AdminLesson> = {}): AdminLesson => ({
  id: id(n),
  title,
  kind: 'video',
  durationSeconds: 120,
  isFreePreview: false,
  videoUrl: '/media/demo.mp4',
  mediaAssetId: null,
  body: null,
  quiz: null,
  resources: [],
  ...extra,
});
const stored = (): AdminCurriculum => ({
  productId: PRODUCT,
  version: 3,
  durationSeconds: 1_020,
  sections: [
    {
      id: id(10),
      title: 'Getting started',
      lessons: [
        lesson(100, 'Welcome'),
        lesson(101, 'Setup', {
          kind: 'article',
          videoUrl: null,
          body: '<p>Install</p>',
          durationSeconds: 300,
        }),
      ],
    },
    {
      id: id(11),
      title: 'Layouts',
      lessons: [
        lesson(102, 'Grid basics', {
          durationSeconds: 600,
          isFreePreview: true,
          resources: [
            {
              id: id(200),
              title: 'Cheat sheet',
              mediaAssetId: id(300),
              fileName: 'cheat-sheet.pdf',
              mimeType: 'application/pdf',
              size: 40_960,
            },
          ],
        }),
      ],
    },
  ],
});

let fake: FakeApi;
let current: AdminCurriculum;

beforeEach(() => {
  current = stored();
  fake = fakeApi().on(curriculumRoutes.adminGet, () => current);
});
afterEach(() => vi.unstubAllGlobals());

/** What the server would answer to a save: the body, with ids for new items and the next version. */
function savedFrom(body: {
  version: number;
  sections: Array<{
    id?: string | null;
    title: string;
    lessons: Array<
      Record<string, unknown> & { id?: string | null; resources: Array<Record<string, unknown>> }
    >;
  }>;
}): AdminCurriculum {
  let next = 500;
  return {
    productId: PRODUCT,
    version: body.version + 1,
    durationSeconds: 0,
    sections: body.sections.map((section) => ({
      id: section.id ?? id(next++),
      title: section.title.trim(),
      lessons: section.lessons.map((l) => ({
        ...(l as unknown as AdminLesson),
        id: l.id ?? id(next++),
        title: String(l.title).trim(),
        resources: l.resources.map((r) => ({
          id: (r.id as string | null) ?? id(next++),
          title: String(r.title),
          mediaAssetId: String(r.mediaAssetId),
          fileName: 'file.pdf',
          mimeType: 'application/pdf',
          size: 1,
        })),
        quiz: l.quiz
          ? {
              passPercent: (l.quiz as AdminQuiz).passPercent ?? 70,
              questions: (l.quiz as AdminQuiz).questions.map((q) => ({
                ...q,
                id: q.id ?? id(next++),
                options: q.options.map((o) => ({ ...o, id: o.id ?? id(next++) })),
              })),
            }
          : null,
      })),
    })),
  };
}

const saves = () => fake.callsTo(curriculumRoutes.replace);
const lessonTitles = (body: unknown) =>
  (body as AdminCurriculum).sections.map((s) => s.lessons.map((l) => l.title));
const announcer = () => screen.getByTestId('curriculum-announcer');
/** The course totals as listed: sections, lessons, duration. */
const totals = () =>
  within(screen.getByRole('list', { name: 'Course totals' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
/** What a section's or a lesson's title has beside it: its lesson count and length, its kind and facts. */
const metaOf = (heading: HTMLElement) => heading.nextElementSibling?.textContent;
/** Each section's heading with its count and length. */
const sectionRows = () =>
  screen.getAllByRole('heading', { level: 3 }).map((heading) => [heading.textContent, metaOf(heading)]);
/** 'Unsaved changes' or 'No unsaved changes', beside Save curriculum. */
const saveState = () =>
  screen.getByRole('button', { name: 'Save curriculum' }).previousElementSibling?.textContent;
/** The editor's notices on screen (not its announcer, nor the drag and drop's silent live regions). */
const notices = () =>
  screen
    .queryAllByRole('status')
    .filter((status) => status !== announcer())
    .map((status) => status.textContent)
    .filter(Boolean);
/** The message under a question's options (none right, ...). */
const optionsError = (question: HTMLElement) =>
  question.querySelector('fieldset > [role="alert"]')?.textContent;

async function renderEditor() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/admin/products/edit']}>
      <Routes>
        <Route
          path="/admin/products/edit"
          element={
            <>
              <Link to="/admin/products">Back to products</Link>
              <CurriculumEditor productId={PRODUCT} />
            </>
          }
        />
        <Route path="/admin/products" element={<h1>Products list</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'Section 1: Getting started' });
  return user;
}

describe('the curriculum editor', () => {
  it('shows the tree as lists of lists with headings, and the course totals', async () => {
    await renderEditor();
    const sections = screen.getByRole('list', { name: 'Sections' });
    expect(within(sections).getAllByTestId('curriculum-section')).toHaveLength(2);
    const layouts = within(sections).getByRole('list', { name: 'Lessons of section 2: Layouts' });
    expect(
      within(layouts)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => [heading.textContent, metaOf(heading)]),
    ).toEqual([['Grid basics', 'Video · 10 min · Free preview · 1 resource']]);
    expect(totals()).toEqual(['2 sections', '3 lessons', 'Total duration 17 min']);
    expect(screen.getByTestId('curriculum-total').textContent).toBe('Total duration 17 min');
    expect(sectionRows()).toEqual([
      ['Section 1: Getting started', '2 lessons · 7 min'],
      ['Section 2: Layouts', '1 lesson · 10 min'],
    ]);
  });

  it('reorders with the Move buttons and the Move to section select: the save sends that order, focus stays on the moved lesson', async () => {
    fake.on(curriculumRoutes.replace, ({ body }) =>
      success(savedFrom(body as never), { message: COURSE_MESSAGES.savedCurriculum }),
    );
    const user = await renderEditor();

    await user.click(screen.getByRole('button', { name: 'Move down: lesson Welcome' }));
    expect(announcer().textContent).toBe("Lesson 'Welcome' moved to position 2 of 2 in 'Getting started'");
    // Now last, its Move down is disabled: focus went to its Move up.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up: lesson Welcome' }));

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Move to section: lesson Grid basics' }),
      'Section 1: Getting started',
    );
    expect(announcer().textContent).toBe(
      "Lesson 'Grid basics' moved to position 3 of 3 in 'Getting started'",
    );
    expect(document.activeElement).toBe(
      screen.getByRole('combobox', { name: 'Move to section: lesson Grid basics' }),
    );

    await user.click(screen.getByRole('button', { name: 'Move up: section Layouts' }));
    expect(announcer().textContent).toBe("Section 'Layouts' moved to position 1 of 2");
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down: section Layouts' }));

    await user.click(screen.getByRole('button', { name: 'Save curriculum' }));
    await waitFor(() => expect(notices()).toEqual([COURSE_MESSAGES.savedCurriculum]));
    expect(saves()).toHaveLength(1);
    const sent = saves()[0]!;
    expect(sent.path).toBe(PATH);
    expect(curriculumBodySchema.safeParse(sent.body).success).toBe(true);
    expect((sent.body as { version: number }).version).toBe(3);
    expect((sent.body as AdminCurriculum).sections.map((s) => s.title)).toEqual([
      'Layouts',
      'Getting started',
    ]);
    expect(lessonTitles(sent.body)).toEqual([[], ['Setup', 'Welcome', 'Grid basics']]);
    // Kept ids go back so learners' progress follows the lessons.
    expect((sent.body as AdminCurriculum).sections[1]!.lessons.map((l) => l.id)).toEqual([
      id(101),
      id(100),
      id(102),
    ]);
    expect(saveState()).toBe('No unsaved changes');

    // The next save goes with the version the first one answered.
    await user.click(screen.getByRole('button', { name: 'Move down: section Layouts' }));
    await user.click(screen.getByRole('button', { name: 'Save curriculum' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect((saves()[1]!.body as { version: number }).version).toBe(4);
  });

  it('adds and names sections and lessons from the keyboard, updating the totals as durations are typed', async () => {
    fake.on(curriculumRoutes.replace, ({ body }) => savedFrom(body as never));
    const user = await renderEditor();

    await user.click(screen.getByRole('button', { name: 'Add section' }));
    const sectionTitle = document.activeElement as HTMLInputElement;
    expect(sectionTitle.tagName).toBe('INPUT');
    await user.keyboard('Wrap-up');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Section 1: Getting started',
      'Section 2: Layouts',
      'Section 3: Wrap-up',
    ]);

    await user.click(screen.getByRole('button', { name: 'Add lesson: section Wrap-up' }));
    // the new lesson opens with its title field ready for typing
    expect(document.activeElement).toBe(
      within(screen.getByRole('list', { name: 'Lessons of section 3: Wrap-up' })).getByLabelText(
        'Lesson title',
      ),
    );
    await user.keyboard('Summary');
    const summary = screen.getByRole('heading', { level: 4, name: 'Summary' }).closest('li')!;
    await user.type(within(summary).getByLabelText('Minutes'), '2');
    await user.type(within(summary).getByLabelText('Seconds'), '30');
    expect(screen.getByTestId('curriculum-total').textContent).toBe('Total duration 19 min 30 s');
    expect(totals()).toEqual(['3 sections', '4 lessons', 'Total duration 19 min 30 s']);
    await user.click(within(summary).getByLabelText('Article'));
    await user.type(within(summary).getByLabelText('Article (HTML)'), '<p>Well done</p>');
    expect((within(summary).getByLabelText('Quiz') as HTMLInputElement).disabled).toBe(false);

    // Renaming an existing section.
    const first = screen.getAllByLabelText('Section title')[0] as HTMLInputElement;
    await user.clear(first);
    await user.type(first, 'Start here');
    expect(saveState()).toBe('Unsaved changes');

    await user.click(screen.getByRole('button', { name: 'Save curriculum' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const body = saves()[0]!.body as AdminCurriculum;
    expect(curriculumBodySchema.safeParse(body).success).toBe(true);
    expect(body.sections.map((s) => s.title)).toEqual(['Start here', 'Layouts', 'Wrap-up']);
    expect(body.sections[2]).toEqual({
      id: null,
      title: 'Wrap-up',
      lessons: [
        {
          id: null,
          title: 'Summary',
          kind: 'article',
          durationSeconds: 150,
          isFreePreview: false,
          videoUrl: null,
          mediaAssetId: null,
          body: '<p>Well done</p>',
          quiz: null,
          resources: [],
        },
      ],
    });
    // typed key by key: beyond the default 5 s on a busy machine
  }, 30_000);

  it('asks before an in-app link leaves unsaved changes: Stay keeps them, Leave goes', async () => {
    const user = await renderEditor();
    // an edit not yet saved
    const first = screen.getAllByLabelText('Section title')[0] as HTMLInputElement;
    await user.type(first, ' (draft)');
    expect(saveState()).toBe('Unsaved changes');

    await user.click(screen.getByRole('link', { name: 'Back to products' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    expect(screen.queryByRole('heading', { name: 'Products list' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getAllByLabelText('Section title')[0] as HTMLInputElement).value).toBe(
      'Getting started (draft)',
    );

    await user.click(screen.getByRole('link', { name: 'Back to products' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect(screen.getByRole('heading', { name: 'Products list' }).tagName).toBe('H1');
    expect(saves()).toHaveLength(0);
  });

  it('lets an in-app link go at once when nothing is unsaved', async () => {
    const user = await renderEditor();
    await user.click(screen.getByRole('link', { name: 'Back to products' }));
    expect(screen.getByRole('heading', { name: 'Products list' }).tagName).toBe('H1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the edits on screen after a 409 and reloads only when asked', async () => {
    fake.fail(curriculumRoutes.replace, 409, COURSE_MESSAGES.versionConflict);
    const user = await renderEditor();
    const title = screen.getAllByLabelText('Section title')[0] as HTMLInputElement;
    await user.clear(title);
    await user.type(title, 'My better title');
    await user.click(screen.getByRole('button', { name: 'Save curriculum' }));

    const alert = await screen.findByText(COURSE_MESSAGES.versionConflict);
    expect(
      within(alert.closest('[role="alert"]') as HTMLElement)
        .getAllByRole('paragraph')
        .map((line) => line.textContent),
    ).toEqual(['Not saved', COURSE_MESSAGES.versionConflict]);
    expect((screen.getAllByLabelText('Section title')[0] as HTMLInputElement).value).toBe('My better title');
    expect(saveState()).toBe('Unsaved changes');
    expect(fake.calls.filter((call) => call.method === 'GET')).toHaveLength(1);

    // Another admin's version is what a reload shows.
    current = { ...stored(), version: 4, sections: [{ ...stored().sections[0]!, title: 'Their title' }] };
    await user.click(screen.getByRole('button', { name: 'Reload curriculum' }));
    await screen.findByRole('heading', { name: 'Section 1: Their title' });
    expect(screen.queryByText(COURSE_MESSAGES.versionConflict)).toBeNull();
    expect(saveState()).toBe('No unsaved changes');
  });

  it('asks before deleting a section that holds lessons, and not for an empty one', async () => {
    const user = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Delete: section Getting started' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete section' });
    expect(within(dialog).getByRole('paragraph').textContent).toBe(
      'Delete the section "Getting started" and its 2 lessons? They are removed for good when you save the curriculum.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sectionRows()).toEqual([
      ['Section 1: Getting started', '2 lessons · 7 min'],
      ['Section 2: Layouts', '1 lesson · 10 min'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete: section Getting started' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete section' })).getByRole('button', { name: 'Delete' }),
    );
    expect(screen.queryByRole('heading', { name: /Getting started/ })).toBeNull();
    expect(screen.getByTestId('curriculum-total').textContent).toBe('Total duration 10 min');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add section' }));

    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await user.click(screen.getByRole('button', { name: 'Delete: section Untitled section' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Untitled section/ })).toBeNull();
  });

  it('checks with the server’s schema before sending: an emptied lesson title opens the lesson with the message beside it', async () => {
    const user = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Edit: lesson Setup' }));
    const setup = screen.getByRole('heading', { level: 4, name: 'Setup' }).closest('li')!;
    await user.clear(within(setup).getByLabelText('Lesson title'));
    await user.click(screen.getByRole('button', { name: 'Close: lesson Untitled lesson' }));
    await user.click(screen.getByRole('button', { name: 'Save curriculum' }));

    expect(saves()).toEqual([]);
    expect(screen.getAllByRole('alert')[0]?.textContent).toBe(
      'The curriculum was not saved: check the highlighted fields.',
    );
    const field = screen.getByLabelText('Lesson title');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fieldError(field)).toBe('Lesson title is required');
    await user.type(field, 'Set up');
    expect(screen.queryByText('Lesson title is required')).toBeNull();
  });

  it('shows the server’s field errors beside their fields, and the ones it cannot place in the alert', async () => {
    fake.fail(curriculumRoutes.replace, 400, 'Validation failed', [
      {
        field: 'sections.1.lessons.0.resources.0.mediaAssetId',
        message: COURSE_MESSAGES.resourceNotDownloadable,
      },
      { field: 'sections', message: `The id ${id(100)} appears twice` },
    ]);
    const user = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Save curriculum' }));
    // The lesson holding the error opens so the message is beside its resource.
    const resource = (await screen.findByDisplayValue('Cheat sheet')).closest('li')!;
    expect(within(resource).getByRole('alert').textContent).toBe(COURSE_MESSAGES.resourceNotDownloadable);
    const alert = screen.getByText('Validation failed').closest('[role="alert"]') as HTMLElement;
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`The id ${id(100)} appears twice`]);
  });

  it('gives a lesson the length of the video picked from the media library', async () => {
    const asset: AdminMediaAsset = { ...readyVideo(id(400), { durationSeconds: 252.4 }), usage: [] };
    fake
      .on(assetRoutes.listAssets, {
        items: [asset],
        total: 1,
        page: 1,
        limit: 20,
        outdated: 0,
      })
      .on(assetRoutes.getAsset, asset);
    const user = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Edit: lesson Welcome' }));
    await user.click(screen.getByRole('button', { name: 'Choose from media library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a video' });
    await user.click(await within(dialog).findByRole('button', { name: 'Choose: intro.mp4' }));
    const listing = fake.callsTo(assetRoutes.listAssets)[0]!;
    expect(listing.query.get('kind')).toBe('video');
    expect(listing.query.get('status')).toBe('ready');

    const welcome = screen.getByRole('heading', { level: 4, name: 'Welcome' }).closest('li')!;
    expect((within(welcome).getByLabelText('Minutes') as HTMLInputElement).value).toBe('4');
    expect((within(welcome).getByLabelText('Seconds') as HTMLInputElement).value).toBe('12');
    await waitFor(() =>
      expect(within(welcome).getByTestId('video-upload').querySelector('strong')?.textContent).toBe(
        'intro.mp4',
      ),
    );
    expect(screen.getByTestId('curriculum-total').textContent).toBe('Total duration 19 min 12 s');
  });
});

/** Setup (section 1, lesson 2) as a stored quiz lesson of one single-choice question. */
const storedQuiz = (): AdminQuiz => ({
  passPercent: 70,
  questions: [
    {
      id: id(600),
      kind: 'single',
      prompt: 'Which tool installs packages?',
      options: [
        { id: id(610), text: 'npm', isCorrect: true },
        { id: id(611), text: 'git', isCorrect: false },
      ],
      explanation: 'npm installs them.',
    },
  ],
});
const withQuizSetup = (): AdminCurriculum => {
  const curriculum = stored();
  curriculum.sections[0]!.lessons[1] = lesson(101, 'Setup', {
    kind: 'quiz',
    videoUrl: null,
    body: null,
    durationSeconds: 300,
    quiz: storedQuiz(),
  });
  return curriculum;
};
const sentLesson = (n: number, section = 0, lessonAt = 1) =>
  (saves()[n]!.body as AdminCurriculum).sections[section]!.lessons[lessonAt]!;
const questionItems = (scope: HTMLElement) => within(scope).getAllByTestId('quiz-question');

describe('the quiz builder', () => {
  it('builds a quiz with the keyboard buttons: pass mark, questions of each kind, options, correct answers, explanations and moves; the save matches the server’s schema', async () => {
    fake.on(curriculumRoutes.replace, ({ body }) => savedFrom(body as never));
    const user = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Edit: lesson Setup' }));
    const setup = screen.getByRole('heading', { level: 4, name: 'Setup' }).closest('li')!;
    await user.click(within(setup).getByLabelText('Quiz'));
    expect(within(setup).queryAllByTestId('quiz-question')).toEqual([]);
    expect(within(setup).getByText(/^No questions/).textContent).toBe('No questions yet.');
    const passMark = within(setup).getByLabelText('Pass mark (%)');
    await user.clear(passMark);
    await user.type(passMark, '80');

    // Question 1: single choice, three options (one removed again), the third marked correct after the first.
    await user.click(within(setup).getByRole('button', { name: 'Add question: lesson Setup' }));
    expect(document.activeElement).toBe(within(questionItems(setup)[0]!).getByLabelText('Question text'));
    expect(announcer().textContent).toBe('Question 1 added');
    await user.keyboard('Locked install?');
    let first = questionItems(setup)[0]!;
    const [optionA, optionB] = within(first).getAllByLabelText('Option text');
    await user.type(optionA!, 'install');
    await user.type(optionB!, 'start');
    await user.click(within(first).getByRole('button', { name: 'Add option: question 1' }));
    expect(document.activeElement).toBe(within(first).getAllByLabelText('Option text')[2]);
    await user.keyboard('ci');
    const radios = () =>
      within(questionItems(setup)[0]!).getAllByLabelText('Correct answer') as HTMLInputElement[];
    expect(radios().map((r) => r.type)).toEqual(['radio', 'radio', 'radio']);
    await user.click(radios()[0]!);
    await user.click(radios()[2]!);
    expect(radios().map((r) => r.checked)).toEqual([false, false, true]);
    await user.click(within(first).getByRole('button', { name: 'Remove: option 2 of question 1' }));
    first = questionItems(setup)[0]!;
    expect(
      within(first)
        .getAllByLabelText('Option text')
        .map((o) => (o as HTMLInputElement).value),
    ).toEqual(['install', 'ci']);
    await user.type(within(first).getByLabelText('Explanation'), 'It reads the lock.');

    // Question 2: multiple choice, two correct (checkboxes).
    await user.click(within(setup).getByRole('button', { name: 'Add question: lesson Setup' }));
    await user.keyboard('Files read?');
    const second = questionItems(setup)[1]!;
    await user.selectOptions(within(second).getByLabelText('Question kind'), 'Multiple choice');
    const [fileA, fileB] = within(second).getAllByLabelText('Option text');
    await user.type(fileA!, 'manifest');
    await user.type(fileB!, 'lock');
    const boxes = within(second).getAllByLabelText('Correct answer') as HTMLInputElement[];
    expect(boxes.map((b) => b.type)).toEqual(['checkbox', 'checkbox']);
    await user.click(boxes[0]!);
    await user.click(boxes[1]!);

    // Question 3: true or false, moved up above question 2.
    await user.click(within(setup).getByRole('button', { name: 'Add question: lesson Setup' }));
    await user.keyboard('Commit it?');
    await user.selectOptions(
      within(questionItems(setup)[2]!).getByLabelText('Question kind'),
      'True or false',
    );
    await user.click(
      (within(questionItems(setup)[2]!).getAllByLabelText('Correct answer') as HTMLInputElement[])[1]!,
    );
    await user.click(within(setup).getByRole('button', { name: 'Move up: question 3' }));
    expect(announcer().textContent).toBe('Question 3 moved to position 2 of 3');
    expect(document.activeElement).toBe(within(setup).getByRole('button', { name: 'Move up: question 2' }));
    expect(metaOf(within(setup).getByRole('heading', { level: 4, name: 'Setup' }))).toBe(
      'Quiz · 5 min · 3 questions',
    );

    await user.click(screen.getByRole('button', { name: 'Save curriculum' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(curriculumBodySchema.safeParse(saves()[0]!.body).success).toBe(true);
    expect(sentLesson(0)).toMatchObject({ id: id(101), kind: 'quiz', body: null, videoUrl: null });
    expect(sentLesson(0).quiz).toEqual({
      passPercent: 80,
      questions: [
        {
          id: null,
          kind: 'single',
          prompt: 'Locked install?',
          options: [
            { id: null, text: 'install', isCorrect: false },
            { id: null, text: 'ci', isCorrect: true },
          ],
          explanation: 'It reads the lock.',
        },
        {
          id: null,
          kind: 'true-false',
          prompt: 'Commit it?',
          options: [
            { id: null, text: 'True', isCorrect: false },
            { id: null, text: 'False', isCorrect: true },
          ],
          explanation: null,
        },
        {
          id: null,
          kind: 'multiple',
          prompt: 'Files read?',
          options: [
            { id: null, text: 'manifest', isCorrect: true },
            { id: null, text: 'lock', isCorrect: true },
          ],
          explanation: null,
        },
      ],
    });

    // The next save sends back the ids the server gave every question and option.
    await user.clear(within(setup).getByLabelText('Pass mark (%)'));
    await user.type(within(setup).getByLabelText('Pass mark (%)'), '75');
    await user.click(screen.getByRole('button', { name: 'Save curriculum' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    const again = sentLesson(1).quiz as AdminQuiz;
    expect(again.passPercent).toBe(75);
    for (const id of again.questions.flatMap((q) => [q.id, ...q.options.map((o) => o.id)]))
      expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(again.questions.flatMap((q) => [q.id, ...q.options.map((o) => o.id)])).size).toBe(9);
    // a whole quiz typed key by key takes a while in jsdom
  }, 60_000);

  it('gives a question switched to true/false the fixed options True and False, and keeps a stored quiz’s ids', async () => {
    current = withQuizSetup();
    fake.on(curriculumRoutes.replace, ({ body }) => savedFrom(body as never));
    const user = await renderEditor();
    expect(metaOf(screen.getByRole('heading', { level: 4, name: 'Setup' }))).toBe(
      'Quiz · 5 min · 1 question',
    );
    await user.click(screen.getByRole('button', { name: 'Edit: lesson Setup' }));
    const setup = screen.getByRole('heading', { level: 4, name: 'Setup' }).closest('li')!;
    const question = questionItems(setup)[0]!;
    expect((within(question).getByLabelText('Question text') as HTMLTextAreaElement).value).toBe(
      'Which tool installs packages?',
    );
    expect((within(question).getByLabelText('Explanation') as HTMLTextAreaElement).value).toBe(
      'npm installs them.',
    );
    expect(
      (within(question).getAllByLabelText('Correct answer') as HTMLInputElement[]).map((r) => r.checked),
    ).toEqual([true, false]);

    await user.selectOptions(within(question).getByLabelText('Question kind'), 'True or false');
    expect(announcer().textContent).toBe('Question 1 is now true or false: its options are True and False');
    // fixed: no text to edit, nothing to add or remove
    expect(within(question).queryAllByLabelText('Option text')).toEqual([]);
    expect(
      within(question)
        .getAllByRole('listitem')
        .map((option) => option.firstElementChild?.textContent),
    ).toEqual(['True', 'False']);
    expect(within(question).queryByRole('button', { name: 'Add option: question 1' })).toBeNull();
    expect(within(question).queryByRole('button', { name: /^Remove: option/ })).toBeNull();
    const choices = within(question).getAllByLabelText('Correct answer') as HTMLInputElement[];
    expect(choices.map((c) => [c.type, c.checked])).toEqual([
      ['radio', false],
      ['radio', false],
    ]);
    await user.click(choices[0]!);

    await user.click(screen.getByRole('button', { name: 'Save curriculum' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(curriculumBodySchema.safeParse(saves()[0]!.body).success).toBe(true);
    const sent = sentLesson(0).quiz as AdminQuiz;
    expect(sent.questions[0]).toEqual({
      id: id(600),
      kind: 'true-false',
      prompt: 'Which tool installs packages?',
      options: [
        { id: null, text: 'True', isCorrect: true },
        { id: null, text: 'False', isCorrect: false },
      ],
      explanation: 'npm installs them.',
    });
  });

  it('checks a quiz with the server’s schema before sending: each message beside its question, option or the Add question button', async () => {
    const user = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Edit: lesson Setup' }));
    const setup = screen.getByRole('heading', { level: 4, name: 'Setup' }).closest('li')!;
    await user.click(within(setup).getByLabelText('Quiz'));
    await user.click(screen.getByRole('button', { name: 'Save curriculum' }));
    expect(saves()).toEqual([]);
    expect(
      within(setup)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([QUIZ_MESSAGES.quizRequired]);

    await user.click(within(setup).getByRole('button', { name: 'Add question: lesson Setup' }));
    expect(within(setup).queryByText(QUIZ_MESSAGES.quizRequired)).toBeNull();
    await user.keyboard('Pick one');
    const question = questionItems(setup)[0]!;
    await user.type(within(question).getAllByLabelText('Option text')[0]!, 'This one');
    await user.clear(within(setup).getByLabelText('Pass mark (%)'));
    await user.type(within(setup).getByLabelText('Pass mark (%)'), '0');
    await user.click(screen.getByRole('button', { name: 'Save curriculum' }));
    expect(saves()).toEqual([]);
    const blank = within(question).getAllByLabelText('Option text')[1]!;
    expect(blank.getAttribute('aria-invalid')).toBe('true');
    expect(fieldError(blank)).toBe('Option text is required');
    expect(optionsError(question)).toBe(QUIZ_MESSAGES.oneCorrect);
    expect(within(setup).getByLabelText('Pass mark (%)').getAttribute('aria-invalid')).toBe('true');
    expect(fieldError(within(setup).getByLabelText('Pass mark (%)'))).toBe(
      'Pass mark must be a whole percent from 1 to 100',
    );

    // Each message goes as its field is put right.
    await user.click((within(question).getAllByLabelText('Correct answer') as HTMLInputElement[])[0]!);
    expect(within(question).queryByText(QUIZ_MESSAGES.oneCorrect)).toBeNull();
    await user.type(blank, 'Not this one');
    expect(within(question).queryByText('Option text is required')).toBeNull();
  });

  it('shows the server’s quiz errors beside their fields, opening the lesson', async () => {
    current = withQuizSetup();
    fake.fail(curriculumRoutes.replace, 400, QUIZ_MESSAGES.oneCorrect, [
      { field: 'sections.0.lessons.1.quiz.questions.0.options', message: QUIZ_MESSAGES.oneCorrect },
      {
        field: 'sections.0.lessons.1.quiz.questions.0.options.1.text',
        message: 'Option text must be at most 500 characters',
      },
      { field: 'sections.0.lessons.1.quiz.questions.0.prompt', message: 'Question is required' },
      {
        field: 'sections.0.lessons.1.quiz.passPercent',
        message: 'Pass mark must be a whole percent from 1 to 100',
      },
      {
        field: 'sections.0.lessons.1.quiz.questions.0.id',
        message: `Question ${id(600)} is not part of this curriculum`,
      },
    ]);
    const user = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Save curriculum' }));
    const question = (await screen.findAllByTestId('quiz-question'))[0]!;
    const setup = question.closest('[data-testid="curriculum-lesson"]') as HTMLElement;
    expect(optionsError(question)).toBe(QUIZ_MESSAGES.oneCorrect);
    const git = within(question).getAllByLabelText('Option text')[1]!;
    expect(git.getAttribute('aria-invalid')).toBe('true');
    expect(fieldError(git)).toBe('Option text must be at most 500 characters');
    expect(within(question).getByLabelText('Question text').getAttribute('aria-invalid')).toBe('true');
    expect(within(setup).getByLabelText('Pass mark (%)').getAttribute('aria-invalid')).toBe('true');
    // what the editor has no field for goes to the alert
    const alert = screen
      .getByText(QUIZ_MESSAGES.oneCorrect, { selector: '[role="alert"] *' })
      .closest('[role="alert"]') as HTMLElement;
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Question ${id(600)} is not part of this curriculum`]);
  });
});
