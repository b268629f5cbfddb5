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

const id = (n: number) => n.toString(16).padStart(24, '0');
const lesson = (n: number, title: string, extra: Partial<AdminCurriculum['sections'][number]['lessons'][number]> = {}) => ({
  id: id(n),
  title,
  kind: 'video' as const,
  durationSeconds: 60,
  isFreePreview: false,
  videoUrl: null,
  mediaAssetId: null,
  body: null,
  resources: [],
  ...extra,
});
const stored: AdminCurriculum = {
  productId: id(1),
  version: 3,
  durationSeconds: 0,
  sections: [
    { id: id(10), title: 'One', lessons: [lesson(100, 'A', { durationSeconds: 125 }), lesson(101, 'B', { kind: 'article', body: '<p>Hi</p>', durationSeconds: null })] },
    {
      id: id(11),
      title: 'Two',
      lessons: [lesson(102, 'C', { resources: [{ id: id(200), title: 'Slides', mediaAssetId: id(300), fileName: 'slides.pdf', mimeType: 'application/pdf', size: 2048 }] })],
    },
  ],
};

describe('the curriculum draft', () => {
  it('sends the whole curriculum in order with the version it opened, in the shape the server accepts', () => {
    const body = curriculumBody(draftFromCurriculum(stored));
    expect(body.version).toBe(3);
    expect(body.sections.map((s) => s.lessons.map((l) => l.title))).toEqual([['A', 'B'], ['C']]);
    expect(body.sections[0]!.lessons[0]).toMatchObject({ id: id(100), durationSeconds: 125, videoUrl: null, mediaAssetId: null, body: null });
    expect(body.sections[1]!.lessons[0]!.resources).toEqual([{ id: id(200), title: 'Slides', mediaAssetId: id(300) }]);
    expect(curriculumBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends only what the lesson kind uses: an article drops its video, a video its article', () => {
    const draft = draftFromCurriculum(stored);
    const [a, b] = draft.sections[0]!.lessons;
    draft.sections[0]!.lessons = [{ ...a!, kind: 'article', videoUrl: '/media/a.mp4', body: '<p>kept</p>' }, { ...b!, kind: 'video', mediaAssetId: id(301) }];
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
    const titles = (sections: typeof draft.sections) => sections.map((s) => `${s.title}: ${s.lessons.map((l) => l.title).join('')}`);
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
      sections: [stored.sections[0]!, { ...stored.sections[1]!, lessons: [...stored.sections[1]!.lessons, lesson(103, 'New')] }],
    };
    const adopted = adoptSaved(draft, saved);
    expect(adopted.version).toBe(4);
    expect(adopted.sections[1]!.lessons[1]).toMatchObject({ key: added.key, id: id(103), title: 'New' });
    expect(adopted.sections[0]!.key).toBe(draft.sections[0]!.key);
  });
});
