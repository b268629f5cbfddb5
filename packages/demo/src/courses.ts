// The demo curricula: every demo course with sections, lessons (videos from /media/videos, articles) and
// downloadable PDF resources (/media/resources, made by media/generate-resources.ts): three written out
// lesson by lesson here, the others from their outlines (demo-course-outlines.ts). Content seeds the
// curricula, media the resource files as assets, progress the member part-way through one course: each
// derives the same ids from these keys without asking the others.
import { DEMO_COURSE_OUTLINES, outlineWorksheetFile, type DemoCourseOutline } from './course-outlines';
import { DEMO_VIDEOS } from './media';
import { demoHash } from '@catalyst/service-kit/ids';

type DemoVideo = (typeof DEMO_VIDEOS)[number];

export interface DemoResource {
  key: string;
  title: string;
  /** A `/media/resources/...` address under the repository root. */
  file: string;
}

export interface DemoQuizOption {
  key: string;
  text: string;
  correct?: boolean;
}

export interface DemoQuizQuestion {
  key: string;
  kind: 'single' | 'multiple' | 'true-false';
  prompt: string;
  options: DemoQuizOption[];
  explanation?: string;
}

export interface DemoQuiz {
  passPercent: number;
  questions: DemoQuizQuestion[];
}

export interface DemoLesson {
  key: string;
  title: string;
  kind: 'video' | 'article' | 'quiz';
  /** A quiz lesson's questions (answers included: content keeps them from learners until they submit). */
  quiz?: DemoQuiz;
  /** A video lesson's demo video (its length is measured at seed time). */
  video?: DemoVideo;
  /** An article's HTML (sanitised by content like any article). */
  body?: string;
  /** An article's or a quiz's reading time. */
  readingSeconds?: number;
  isFreePreview?: boolean;
  resources?: DemoResource[];
}

export interface DemoSection {
  key: string;
  title: string;
  lessons: DemoLesson[];
}

export interface DemoCourse {
  /** An existing demo product of type course (services/content/src/demo/catalog.ts). */
  slug: string;
  sections: DemoSection[];
}

const [v1, v2, v3, v4, v5] = DEMO_VIDEOS;

const article = (...paragraphs: string[]) =>
  paragraphs.map((p) => (p.startsWith('<') ? p : `<p>${p}</p>`)).join('\n');

/** Reading time at 200 words a minute, in whole tens of seconds, at least a minute. */
const readingSecondsOf = (html: string): number =>
  Math.max(
    60,
    Math.ceil(
      (html
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length /
        200) *
        6,
    ) * 10,
  );

/**
 * An outlined course: a free preview, a second video and a reading; then a third video and the exercise,
 * whose worksheet PDF is its resource. `index` spreads the five demo videos so courses differ.
 */
function courseOfOutline(outline: DemoCourseOutline, index: number): DemoCourse {
  const video = (offset: number): DemoVideo => DEMO_VIDEOS[(index + offset) % DEMO_VIDEOS.length]!;
  const reading = article(`<h2>${outline.reading.title}</h2>`, ...outline.reading.paragraphs);
  const { exercise } = outline;
  const task = article(
    '<h2>Your turn</h2>',
    exercise.intro,
    `<ol>${exercise.steps.map((step) => `<li>${step}</li>`).join('')}</ol>`,
    `Download the ${exercise.worksheet.toLowerCase()} below: it lists these steps with room for your notes.`,
  );
  return {
    slug: outline.slug,
    sections: [
      {
        key: 'part-1',
        title: outline.sections[0],
        lessons: [
          { key: 'preview', title: outline.videos[0], kind: 'video', video: video(0), isFreePreview: true },
          { key: 'second', title: outline.videos[1], kind: 'video', video: video(1) },
          {
            key: 'reading',
            title: outline.reading.title,
            kind: 'article',
            body: reading,
            readingSeconds: readingSecondsOf(reading),
          },
        ],
      },
      {
        key: 'part-2',
        title: outline.sections[1],
        lessons: [
          { key: 'third', title: outline.videos[2], kind: 'video', video: video(3) },
          {
            key: 'exercise',
            title: exercise.title,
            kind: 'article',
            body: task,
            // reading the brief, then doing the steps
            readingSeconds: readingSecondsOf(task) + 15 * 60,
            resources: [
              { key: 'worksheet', title: exercise.worksheet, file: outlineWorksheetFile(outline.slug) },
            ],
          },
        ],
      },
    ],
  };
}

export const DEMO_COURSES: readonly DemoCourse[] = [
  {
    slug: 'css-grid-layout-workshop',
    sections: [
      {
        key: 'foundations',
        title: 'Grid foundations',
        lessons: [
          {
            key: 'welcome',
            title: 'Welcome: what Grid is for',
            kind: 'video',
            video: v1,
            isFreePreview: true,
          },
          {
            key: 'vocabulary',
            title: 'Tracks, lines and areas',
            kind: 'article',
            readingSeconds: 240,
            body: article(
              '<h2>The words Grid uses</h2>',
              'A <strong>grid container</strong> holds <em>grid items</em>. Its columns and rows are <strong>tracks</strong>, separated by numbered <strong>lines</strong>. A rectangle of cells is an <strong>area</strong>, and you can name it.',
              '<ul><li><code>grid-template-columns</code> sets the column tracks.</li><li><code>gap</code> sets the space between tracks.</li><li><code>grid-area</code> places an item by name or by lines.</li></ul>',
              'Download the cheat sheet below and keep it open while you work through the next section.',
            ),
            resources: [
              {
                key: 'cheat-sheet',
                title: 'CSS Grid cheat sheet',
                file: '/media/resources/css-grid-cheat-sheet.pdf',
              },
            ],
          },
          { key: 'first-grid', title: 'Your first grid', kind: 'video', video: v2 },
        ],
      },
      {
        key: 'layouts',
        title: 'Real layouts',
        lessons: [
          { key: 'holy-grail', title: 'The holy-grail layout in ten lines', kind: 'video', video: v3 },
          { key: 'responsive', title: 'Responsive without media queries', kind: 'video', video: v4 },
          {
            key: 'exercise',
            title: 'Exercise: a magazine front page',
            kind: 'article',
            readingSeconds: 300,
            body: article(
              '<h2>Your turn</h2>',
              'Build a front page with a lead story across two columns, three secondary stories and a sidebar. Use named areas so the layout reads like a picture of itself.',
              '<ol><li>Sketch the areas first.</li><li>Write <code>grid-template-areas</code>.</li><li>Make it one column below 40em with <code>minmax()</code> and <code>auto-fit</code>.</li></ol>',
            ),
            resources: [
              {
                key: 'starter',
                title: 'Exercise brief and starter layout',
                file: '/media/resources/css-grid-exercise-brief.pdf',
              },
            ],
          },
          {
            key: 'quiz',
            title: 'Quiz: Grid essentials',
            kind: 'quiz',
            readingSeconds: 180,
            quiz: {
              passPercent: 70,
              questions: [
                {
                  key: 'tracks',
                  kind: 'single',
                  prompt: 'Which property sets the column tracks of a grid?',
                  options: [
                    { key: 'a', text: 'grid-template-columns', correct: true },
                    { key: 'b', text: 'grid-column' },
                    { key: 'c', text: 'column-count' },
                  ],
                  explanation:
                    'grid-template-columns defines the tracks; grid-column places one item across them.',
                },
                {
                  key: 'gap',
                  kind: 'multiple',
                  prompt: 'Which of these put space between grid tracks?',
                  options: [
                    { key: 'a', text: 'gap', correct: true },
                    { key: 'b', text: 'column-gap', correct: true },
                    { key: 'c', text: 'padding' },
                  ],
                  explanation:
                    'gap sets both directions, column-gap and row-gap one each; padding is inside an item.',
                },
                {
                  key: 'fr',
                  kind: 'true-false',
                  prompt: 'The fr unit shares out the free space left in the grid container.',
                  options: [
                    { key: 'true', text: 'True', correct: true },
                    { key: 'false', text: 'False' },
                  ],
                  explanation: 'fr divides the space that remains after fixed tracks are sized.',
                },
              ],
            },
          },
        ],
      },
    ],
  },
  {
    slug: 'machine-learning-foundations',
    sections: [
      {
        key: 'ideas',
        title: 'The big ideas',
        lessons: [
          {
            key: 'what-is-ml',
            title: 'What learning from data means',
            kind: 'video',
            video: v2,
            isFreePreview: true,
          },
          {
            key: 'workflow',
            title: 'The machine-learning workflow',
            kind: 'article',
            readingSeconds: 360,
            body: article(
              '<h2>From question to model</h2>',
              'Every project follows the same loop: frame the question, gather and clean data, split it into training and test sets, fit a model, measure it on data it has never seen, and iterate.',
              'The most common mistake is measuring on the data you trained on: the model looks perfect and fails in the real world.',
            ),
            resources: [
              {
                key: 'workflow-poster',
                title: 'Workflow poster',
                file: '/media/resources/ml-workflow-poster.pdf',
              },
            ],
          },
        ],
      },
      {
        key: 'models',
        title: 'First models',
        lessons: [
          { key: 'linear', title: 'Linear regression by hand', kind: 'video', video: v3 },
          { key: 'classification', title: 'Classification and decision trees', kind: 'video', video: v5 },
        ],
      },
      {
        key: 'evaluation',
        title: 'Knowing when it works',
        lessons: [
          { key: 'metrics', title: 'Accuracy, precision and recall', kind: 'video', video: v1 },
          {
            key: 'overfitting',
            title: 'Overfitting and how to spot it',
            kind: 'article',
            readingSeconds: 300,
            body: article(
              '<h2>Too good to be true</h2>',
              'A model that scores far better on training data than on test data has memorised instead of learned. Cross-validation, simpler models and more data are the usual cures.',
            ),
            resources: [
              {
                key: 'metrics-sheet',
                title: 'Evaluation metrics reference',
                file: '/media/resources/ml-metrics-reference.pdf',
              },
            ],
          },
          {
            key: 'quiz',
            title: 'Quiz: models and metrics',
            kind: 'quiz',
            readingSeconds: 180,
            quiz: {
              passPercent: 70,
              questions: [
                {
                  key: 'split',
                  kind: 'single',
                  prompt: 'Why do we keep a test set the model never sees while training?',
                  options: [
                    { key: 'a', text: 'To measure how it does on new data', correct: true },
                    { key: 'b', text: 'To train faster' },
                    { key: 'c', text: 'To make the model bigger' },
                  ],
                  explanation:
                    'Scores on training data flatter the model; only unseen data says how it generalises.',
                },
                {
                  key: 'cures',
                  kind: 'multiple',
                  prompt: 'Which usually help against overfitting?',
                  options: [
                    { key: 'a', text: 'More training data', correct: true },
                    { key: 'b', text: 'A simpler model', correct: true },
                    { key: 'c', text: 'Measuring on the training set' },
                  ],
                  explanation:
                    'More data and simpler models both reduce memorising; measuring on training data hides the problem.',
                },
                {
                  key: 'recall',
                  kind: 'true-false',
                  prompt: 'Recall is the share of actual positives the model found.',
                  options: [
                    { key: 'true', text: 'True', correct: true },
                    { key: 'false', text: 'False' },
                  ],
                  explanation:
                    'Recall = true positives / all actual positives; precision is the share of predicted positives that were right.',
                },
              ],
            },
          },
        ],
      },
    ],
  },
  {
    slug: 'ui-design-fundamentals',
    sections: [
      {
        key: 'seeing',
        title: 'Learning to see',
        lessons: [
          {
            key: 'intro',
            title: 'What good interfaces have in common',
            kind: 'video',
            video: v4,
            isFreePreview: true,
          },
          { key: 'hierarchy', title: 'Visual hierarchy', kind: 'video', video: v5 },
          {
            key: 'checklist',
            title: 'The five-second checklist',
            kind: 'article',
            readingSeconds: 180,
            body: article(
              '<h2>Look for five seconds, then answer</h2>',
              '<ul><li>What is this screen for?</li><li>What should I do first?</li><li>What is most important?</li><li>Is anything competing for attention?</li><li>Would a new user know where they are?</li></ul>',
            ),
            resources: [
              {
                key: 'checklist-pdf',
                title: 'Five-second checklist (printable)',
                file: '/media/resources/ui-five-second-checklist.pdf',
              },
            ],
          },
        ],
      },
      {
        key: 'building',
        title: 'Building screens',
        lessons: [
          { key: 'spacing', title: 'Spacing and the 8-point grid', kind: 'video', video: v1 },
          { key: 'type', title: 'Type that reads well', kind: 'video', video: v2 },
          { key: 'colour', title: 'Colour with a purpose', kind: 'video', video: v3 },
          {
            key: 'project',
            title: 'Project: redesign a settings page',
            kind: 'article',
            readingSeconds: 420,
            body: article(
              '<h2>The brief</h2>',
              'Take a cluttered settings page and redesign it with what you have learned: group related settings, give each group a clear heading, and make the one action that matters most stand out.',
            ),
            resources: [
              { key: 'project-brief', title: 'Project brief', file: '/media/resources/ui-project-brief.pdf' },
            ],
          },
          {
            key: 'quiz',
            title: 'Quiz: interface basics',
            kind: 'quiz',
            readingSeconds: 180,
            quiz: {
              passPercent: 70,
              questions: [
                {
                  key: 'hierarchy',
                  kind: 'single',
                  prompt: 'What makes one element read as the most important on a screen?',
                  options: [
                    {
                      key: 'a',
                      text: 'Contrast in size, weight or colour with what surrounds it',
                      correct: true,
                    },
                    { key: 'b', text: 'Being in the bottom right corner' },
                    { key: 'c', text: 'Having the longest text' },
                  ],
                  explanation: 'Hierarchy comes from contrast: the eye goes first to what differs most.',
                },
                {
                  key: 'spacing',
                  kind: 'multiple',
                  prompt: 'Which are good uses of spacing?',
                  options: [
                    { key: 'a', text: 'Grouping related controls closer together', correct: true },
                    { key: 'b', text: 'Separating unrelated groups', correct: true },
                    { key: 'c', text: 'Spacing every element equally' },
                  ],
                  explanation:
                    'Proximity shows what belongs together; equal spacing everywhere hides the structure.',
                },
                {
                  key: 'colour',
                  kind: 'true-false',
                  prompt: 'Colour alone is enough to tell users that a field has an error.',
                  options: [
                    { key: 'true', text: 'True' },
                    { key: 'false', text: 'False', correct: true },
                  ],
                  explanation: 'Some people cannot tell the colours apart: pair colour with text or an icon.',
                },
              ],
            },
          },
        ],
      },
    ],
  },
  ...DEMO_COURSE_OUTLINES.map(courseOfOutline),
];

export const demoSectionId = (courseSlug: string, sectionKey: string): string =>
  demoHash(`section:${courseSlug}/${sectionKey}`).slice(0, 24);
export const demoLessonId = (courseSlug: string, lessonKey: string): string =>
  demoHash(`lesson:${courseSlug}/${lessonKey}`).slice(0, 24);
export const demoResourceId = (courseSlug: string, lessonKey: string, resourceKey: string): string =>
  demoHash(`resource:${courseSlug}/${lessonKey}/${resourceKey}`).slice(0, 24);
export const demoQuestionId = (courseSlug: string, lessonKey: string, questionKey: string): string =>
  demoHash(`question:${courseSlug}/${lessonKey}/${questionKey}`).slice(0, 24);
export const demoOptionId = (
  courseSlug: string,
  lessonKey: string,
  questionKey: string,
  optionKey: string,
): string => demoHash(`option:${courseSlug}/${lessonKey}/${questionKey}/${optionKey}`).slice(0, 24);

/** Every demo resource file once (the media seed makes each an asset, id `demoAssetId(file)`). */
export const DEMO_RESOURCE_FILES: readonly string[] = [
  ...new Set(
    DEMO_COURSES.flatMap((course) =>
      course.sections.flatMap((s) => s.lessons.flatMap((l) => (l.resources ?? []).map((r) => r.file))),
    ),
  ),
];

/** The demo member completed this course (every lesson, its quiz passed with every answer right) and holds its certificate. */
export const DEMO_MEMBER_COMPLETED_COURSE = {
  slug: 'css-grid-layout-workshop',
  completedDaysAgo: 6,
} as const;

/** The demo member is part-way through this course: these lessons complete, and in the next one at this share. */
export const DEMO_MEMBER_COURSE = {
  slug: 'ui-design-fundamentals',
  completedLessons: ['intro', 'hierarchy', 'checklist'],
  currentLesson: 'spacing',
  watched: 0.4,
} as const;

/**
 * A demo lesson's length in whole seconds, as the curriculum states it: a video's measured length
 * (`measureDemoVideos`; unknown when it could not be measured, never made up), an article's or a quiz's reading time.
 */
export function demoLessonSeconds(lesson: DemoLesson, measured: ReadonlyMap<string, number>): number | null {
  if (lesson.kind !== 'video') return lesson.readingSeconds ?? null;
  const seconds = lesson.video ? measured.get(lesson.video) : undefined;
  return seconds === undefined ? null : Math.round(seconds);
}
