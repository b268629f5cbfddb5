// The form messages of a course's curriculum, in English. Zod-free and small: a schema loads only its
// own area's texts; ../form-messages.ts joins every area's, and es/de/ar translate them.
import { messageOf } from './fill';

export const CURRICULUM_FORM_MESSAGES = {
  'curriculum.versionRequired': 'Version is required',
  'curriculum.sectionsMax': 'At most {{max}} sections',
  'curriculum.lessonsPerCourseMax': 'At most {{max}} lessons per course',
  'curriculum.lessonsPerSectionMax': 'At most {{max}} lessons per section',
  'curriculum.idTwice': 'The id {{id}} appears twice',
  'curriculum.sectionTitleRequired': 'Section title is required',
  'curriculum.sectionTitleMax': 'Section title must be at most {{max}} characters',
  'curriculum.lessonTitleRequired': 'Lesson title is required',
  'curriculum.lessonTitleMax': 'Lesson title must be at most {{max}} characters',
  'curriculum.resourceTitleRequired': 'Resource title is required',
  'curriculum.resourceTitleMax': 'Resource title must be at most {{max}} characters',
  'curriculum.lessonKindInvalid': 'Lesson kind must be one of: {{values}}',
  'curriculum.secondsNumber': 'Duration must be a number of seconds',
  'curriculum.secondsWhole': 'Duration must be a whole number of seconds',
  'curriculum.secondsNegative': 'Duration cannot be negative',
  'curriculum.secondsMax': 'Duration must be at most {{max}} seconds',
  'curriculum.freePreviewBoolean': 'Free preview must be true or false',
  'curriculum.articleMax': 'Article must be at most {{max}} characters',
  'curriculum.resourcesMax': 'At most {{max}} resources per lesson',
} as const;

export const curriculumMessage = messageOf(CURRICULUM_FORM_MESSAGES);
