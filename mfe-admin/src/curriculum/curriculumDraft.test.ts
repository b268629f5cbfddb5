import { describe, expect, it } from 'vitest';
import { curriculumBodySchema, type AdminCurriculum } from '@catalyst/contracts';
import {
  adoptSaved,
  courseDurationOf,
  curriculumBody,
  draftFromCurriculum,
  errorsByItem,
  formatLength,
  lessonsWithErrors,
  moveLesson,
  moveSection,
  newLesson,
  sectionDurationOf,
} from './curriculumDraft';
import { DEFAULT_PASS_PERCENT, quizItemKeys, setCorrect, setQuestionKind } from './quizDraft';

const id = (n: number) => n.toString(16).padStart(24, '0');
const lesson = (
  n: number,
  title: string,
  extra: Partial<AdminCurriculum['sections'][number]['lessons'][number]> = {},
) => ({
  id: id(n),
  title,
  kind: 'video' as const,
  durationSeconds: 60,
  isFreePreview: false,
  videoUrl: null,
  mediaAssetId: null,
  body: null,
  quiz: null,
  resources: [],
  ...extra,
});
const stored: AdminCurriculum = {
  productId: id(1),
  version: 3,
  durationSeconds: 0,
  sections: [
    {
      id: id(10),
      title: 'One',
      lessons: [
        lesson(100, 'A', { durationSeconds: 125 }),
        lesson(101, 'B', { kind: 'article', body: '<p>Hi</p>', durationSeconds: null }),
      ],
    },
    {
      id: id(11),
      title: 'Two',
      lessons: [
        lesson(102, 'C', {
          resources: [
            {
              id: id(200),
              title: 'Slides',
              mediaAssetId: id(300),
              fileName: 'slides.pdf',
              mimeType: 'application/pdf',
              size: 2048,
            },
          ],
        }),
      ],
    },
  ],
};

describe('the curriculum draft', () => {
  it('sends the whole curriculum in order with the version it opened, in the shape the server accepts', () => {
    const body = curriculumBody(draftFromCurriculum(stored));
    expect(body.version).toBe(3);
    expect(body.sections.map((s) => s.lessons.map((l) => l.title))).toEqual([['A', 'B'], ['C']]);
    expect(body.sections[0]!.lessons[0]).toMatchObject({
      id: id(100),
      durationSeconds: 125,
      videoUrl: null,
      mediaAssetId: null,
      body: null,
    });
    expect(body.sections[1]!.lessons[0]!.resources).toEqual([
      { id: id(200), title: 'Slides', mediaAssetId: id(300) },
    ]);
    expect(curriculumBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends only what the lesson kind uses: an article drops its video, a video its article', () => {
    const draft = draftFromCurriculum(stored);
    const [a, b] = draft.sections[0]!.lessons;
    draft.sections[0]!.lessons = [
      { ...a!, kind: 'article', videoUrl: '/media/a.mp4', body: '<p>kept</p>' },
      { ...b!, kind: 'video', mediaAssetId: id(301) },
    ];
    const [sentA, sentB] = curriculumBody(draft).sections[0]!.lessons;
    expect(sentA).toMatchObject({ kind: 'article', videoUrl: null, body: '<p>kept</p>' });
    expect(sentB).toMatchObject({ kind: 'video', mediaAssetId: id(301), body: null });
  });

  it('turns minutes and seconds into seconds, and both empty into an unknown duration', () => {
    const draft = draftFromCurriculum(stored);
    expect(draft.sections[0]!.lessons[0]).toMatchObject({ minutes: '2', seconds: '5' });
    expect(draft.sections[0]!.lessons[1]).toMatchObject({ minutes: '', seconds: '' });
    draft.sections[0]!.lessons[1] = { ...draft.sections[0]!.lessons[1]!, minutes: '', seconds: '45' };
    expect(curriculumBody(draft).sections[0]!.lessons.map((l) => l.durationSeconds)).toEqual([125, 45]);
  });

  it('adds up section and course durations, counting unknown and unusable durations as nothing', () => {
    const draft = draftFromCurriculum(stored);
    expect(sectionDurationOf(draft.sections[0]!)).toBe(125);
    expect(courseDurationOf(draft.sections)).toBe(185);
    draft.sections[1]!.lessons.push({ ...newLesson('x'), minutes: '-3' });
    expect(courseDurationOf(draft.sections)).toBe(185);
    expect(formatLength(185)).toBe('3 min 5 s');
    expect(formatLength(3_900)).toBe('1 h 5 min');
    expect(formatLength(0)).toBe('0 min');
  });

  it('moves a lesson within its section and into another one, and sections among themselves', () => {
    const draft = draftFromCurriculum(stored);
    const [one, two] = draft.sections;
    const a = one!.lessons[0]!;
    const titles = (sections: typeof draft.sections) =>
      sections.map((s) => `${s.title}: ${s.lessons.map((l) => l.title).join('')}`);
    expect(titles(moveLesson(draft.sections, a.key, one!.key, 1))).toEqual(['One: BA', 'Two: C']);
    expect(titles(moveLesson(draft.sections, a.key, two!.key, 0))).toEqual(['One: B', 'Two: AC']);
    expect(titles(moveLesson(draft.sections, a.key, two!.key, 99))).toEqual(['One: B', 'Two: CA']);
    expect(titles(moveSection(draft.sections, two!.key, 0))).toEqual(['Two: C', 'One: AB']);
    // Past either end nothing moves out of the list.
    expect(titles(moveSection(draft.sections, one!.key, -1))).toEqual(['One: AB', 'Two: C']);
  });

  it('puts each error beside the item it names, even after the items move, and the rest apart', () => {
    const draft = draftFromCurriculum(stored);
    const c = draft.sections[1]!.lessons[0]!;
    const { fields, other } = errorsByItem(draft, [
      { field: 'sections.0.title', message: 'Section title is required' },
      { field: 'sections.1.lessons.0.title', message: 'Lesson title is required' },
      { field: 'sections.1.lessons.0.resources.0.mediaAssetId', message: 'Not a ready PDF' },
      { field: 'sections.0.lessons', message: 'At most 300 lessons per section' },
      { field: 'sections', message: 'The id x appears twice' },
      { field: 'sections.7.title', message: 'No such section' },
    ]);
    expect(fields).toEqual({
      [`${draft.sections[0]!.key}.title`]: 'Section title is required',
      [`${c.key}.title`]: 'Lesson title is required',
      [`${c.resources[0]!.key}.mediaAssetId`]: 'Not a ready PDF',
      [`${draft.sections[0]!.key}.lessons`]: 'At most 300 lessons per section',
    });
    expect(other).toEqual(['The id x appears twice', 'No such section']);
    expect(lessonsWithErrors(draft, fields)).toEqual([c.key]);
  });

  it('adopts a save: the new version and ids, each item keeping its key', () => {
    const draft = draftFromCurriculum(stored);
    draft.sections[1]!.lessons.push(newLesson('New'));
    const added = draft.sections[1]!.lessons[1]!;
    const saved: AdminCurriculum = {
      ...stored,
      version: 4,
      sections: [
        stored.sections[0]!,
        { ...stored.sections[1]!, lessons: [...stored.sections[1]!.lessons, lesson(103, 'New')] },
      ],
    };
    const adopted = adoptSaved(draft, saved);
    expect(adopted.version).toBe(4);
    expect(adopted.sections[1]!.lessons[1]).toMatchObject({ key: added.key, id: id(103), title: 'New' });
    expect(adopted.sections[0]!.key).toBe(draft.sections[0]!.key);
  });
});

describe("a quiz lesson's draft", () => {
  const quiz = {
    passPercent: 80,
    questions: [
      {
        id: id(600),
        kind: 'single' as const,
        prompt: 'Pick one',
        options: [
          { id: id(610), text: 'Yes', isCorrect: true },
          { id: id(611), text: 'No', isCorrect: false },
        ],
        explanation: null,
      },
      {
        id: id(601),
        kind: 'multiple' as const,
        prompt: 'Pick some',
        options: [
          { id: id(612), text: 'A', isCorrect: true },
          { id: id(613), text: 'B', isCorrect: true },
        ],
        explanation: 'Both.',
      },
    ],
  };
  const withQuiz: AdminCurriculum = {
    ...stored,
    sections: [
      {
        ...stored.sections[0]!,
        lessons: [lesson(104, 'Check', { kind: 'quiz', durationSeconds: 120, quiz })],
      },
    ],
  };

  it('sends its questions with their ids, answers and explanations (none when blank), and no quiz for any other kind', () => {
    const draft = draftFromCurriculum(withQuiz);
    const body = curriculumBody(draft);
    expect(body.sections[0]!.lessons[0]!.quiz).toEqual(quiz);
    expect(curriculumBodySchema.safeParse(body).success).toBe(true);
    // an article keeps the quiz in the editor, in case it changes back, but sends none
    const lessonDraft = draft.sections[0]!.lessons[0]!;
    draft.sections[0]!.lessons[0] = { ...lessonDraft, kind: 'article', body: '<p>Now an article</p>' };
    expect(curriculumBody(draft).sections[0]!.lessons[0]!.quiz).toBeNull();
    expect(draft.sections[0]!.lessons[0]!.quiz.questions).toHaveLength(2);
    // a blank pass mark leaves the server's default; a blank explanation is none
    draft.sections[0]!.lessons[0] = {
      ...lessonDraft,
      quiz: {
        ...lessonDraft.quiz,
        passPercent: ' ',
        questions: [{ ...lessonDraft.quiz.questions[1]!, explanation: '  ' }],
      },
    };
    expect(curriculumBody(draft).sections[0]!.lessons[0]!.quiz).toMatchObject({
      passPercent: undefined,
      questions: [{ explanation: null }],
    });
  });

  it('keeps each question and option key across a save, and a new lesson starts with an empty quiz at the default pass mark', () => {
    const draft = draftFromCurriculum(withQuiz);
    const adopted = adoptSaved(draft, withQuiz);
    expect(quizItemKeys(adopted.sections[0]!.lessons[0]!.quiz)).toEqual(
      quizItemKeys(draft.sections[0]!.lessons[0]!.quiz),
    );
    expect(newLesson('New').quiz).toEqual({ passPercent: String(DEFAULT_PASS_PERCENT), questions: [] });
  });

  it('gives a question switched to true/false the options True and False, and a single-choice one a single correct option', () => {
    const start = draftFromCurriculum(withQuiz).sections[0]!.lessons[0]!.quiz;
    const [single, multiple] = start.questions;
    const trueFalse = setQuestionKind(start, single!.key, 'true-false').questions[0]!;
    expect(trueFalse.options.map((o) => [o.id, o.text, o.isCorrect])).toEqual([
      [null, 'True', false],
      [null, 'False', false],
    ]);
    // already True and False: kept as they are, ids and answer included
    const named = {
      ...start,
      questions: [
        {
          ...single!,
          options: [
            { ...single!.options[0]!, text: 'false' },
            { ...single!.options[1]!, text: 'True' },
          ],
        },
      ],
    };
    expect(
      setQuestionKind(named, single!.key, 'true-false').questions[0]!.options.map((o) => [
        o.id,
        o.text,
        o.isCorrect,
      ]),
    ).toEqual([
      [id(611), 'True', false],
      [id(610), 'False', true],
    ]);
    // multiple → single keeps the first correct option only
    expect(
      setQuestionKind(start, multiple!.key, 'single').questions[1]!.options.map((o) => o.isCorrect),
    ).toEqual([true, false]);
    // a single-choice question has one correct option; a multiple-choice one as many as are ticked
    const [yes, no] = single!.options;
    expect(
      setCorrect(start, single!.key, no!.key, true).questions[0]!.options.map((o) => o.isCorrect),
    ).toEqual([false, true]);
    expect(
      setCorrect(start, multiple!.key, multiple!.options[1]!.key, false).questions[1]!.options.map(
        (o) => o.isCorrect,
      ),
    ).toEqual([true, false]);
    expect(yes!.isCorrect).toBe(true);
  });

  it("puts a quiz's errors beside its pass mark, questions and options, and opens its lesson", () => {
    const draft = draftFromCurriculum(withQuiz);
    const check = draft.sections[0]!.lessons[0]!;
    const [first, second] = check.quiz.questions;
    const { fields, other } = errorsByItem(draft, [
      { field: 'sections.0.lessons.0.quiz', message: 'A quiz lesson needs at least one question' },
      {
        field: 'sections.0.lessons.0.quiz.passPercent',
        message: 'Pass mark must be a whole percent from 1 to 100',
      },
      { field: 'sections.0.lessons.0.quiz.questions', message: 'At most 50 questions per quiz' },
      { field: 'sections.0.lessons.0.quiz.questions.0.prompt', message: 'Question is required' },
      {
        field: 'sections.0.lessons.0.quiz.questions.1.options',
        message: 'A multiple-choice question has at least one correct option',
      },
      { field: 'sections.0.lessons.0.quiz.questions.1.options.1.text', message: 'Option text is required' },
      {
        field: 'sections.0.lessons.0.quiz.questions.0.options.0.isCorrect',
        message: 'Correct must be true or false',
      },
      {
        field: 'sections.0.lessons.0.quiz.questions.0.id',
        message: 'Question x is not part of this curriculum',
      },
      { field: 'sections.0.lessons.0.quiz.questions.9.prompt', message: 'No such question' },
    ]);
    expect(fields).toEqual({
      [`${check.key}.quiz`]: 'A quiz lesson needs at least one question',
      [`${check.key}.quiz.passPercent`]: 'Pass mark must be a whole percent from 1 to 100',
      [`${check.key}.quiz.questions`]: 'At most 50 questions per quiz',
      [`${first!.key}.prompt`]: 'Question is required',
      [`${second!.key}.options`]: 'A multiple-choice question has at least one correct option',
      [`${second!.options[1]!.key}.text`]: 'Option text is required',
      [`${first!.options[0]!.key}.isCorrect`]: 'Correct must be true or false',
    });
    expect(other).toEqual(['Question x is not part of this curriculum', 'No such question']);
    expect(lessonsWithErrors(draft, { [`${second!.options[1]!.key}.text`]: 'x' })).toEqual([check.key]);
  });
});
