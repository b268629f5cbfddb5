// The xAPI vocabulary progress's statements use: ADL's verbs (which cmi5 uses too), the ADL video profile's
// activity type and category, cmi5's progress extension, and the Tin Can registry's "earned" and certificate.
import type { LessonKind, ProductType } from '@catalyst/contracts';

export const XAPI_VERSION = '1.0.3';

/** A verb's display in the one language statements are written in. */
const verb = (id: string, display: string) => ({ id, display: { 'en-US': display } });

export const VERBS = {
  launched: verb('http://adlnet.gov/expapi/verbs/launched', 'launched'),
  progressed: verb('http://adlnet.gov/expapi/verbs/progressed', 'progressed'),
  completed: verb('http://adlnet.gov/expapi/verbs/completed', 'completed'),
  passed: verb('http://adlnet.gov/expapi/verbs/passed', 'passed'),
  failed: verb('http://adlnet.gov/expapi/verbs/failed', 'failed'),
  earned: verb('http://id.tincanapi.com/verb/earned', 'earned'),
  /** The admin page's "Send test statement". */
  experienced: verb('http://adlnet.gov/expapi/verbs/experienced', 'experienced'),
};
export type XapiVerb = (typeof VERBS)[keyof typeof VERBS];

export const ACTIVITY_TYPES = {
  course: 'http://adlnet.gov/expapi/activities/course',
  lesson: 'http://adlnet.gov/expapi/activities/lesson',
  assessment: 'http://adlnet.gov/expapi/activities/assessment',
  video: 'https://w3id.org/xapi/video/activity-type/video',
  document: 'http://id.tincanapi.com/activitytype/document',
  certificate: 'http://id.tincanapi.com/activitytype/certificate',
  profile: 'http://adlnet.gov/expapi/activities/profile',
} as const;

export const EXTENSIONS = {
  /** cmi5: how far, as a whole percent (0–100), on a "progressed" statement. */
  cmi5Progress: 'https://w3id.org/xapi/cmi5/result/extensions/progress',
  /** The ADL video profile's progress: the share watched (0–1) of a video activity. */
  videoProgress: 'https://w3id.org/xapi/video/extensions/progress',
} as const;

/** The ADL video profile, named in a video activity's statements' context categories as the profile asks. */
export const VIDEO_PROFILE_CATEGORY = {
  objectType: 'Activity' as const,
  id: 'https://w3id.org/xapi/video',
  definition: { type: ACTIVITY_TYPES.profile },
};

const VIDEO_PRODUCTS: readonly ProductType[] = ['video', 'tutorial', 'webinar'];

export function productActivityType(type: ProductType | null): string {
  if (type === 'course') return ACTIVITY_TYPES.course;
  if (type === 'document') return ACTIVITY_TYPES.document;
  if (type && VIDEO_PRODUCTS.includes(type)) return ACTIVITY_TYPES.video;
  return ACTIVITY_TYPES.course;
}

export function lessonActivityType(kind: LessonKind | null): string {
  if (kind === 'video') return ACTIVITY_TYPES.video;
  if (kind === 'quiz') return ACTIVITY_TYPES.assessment;
  return ACTIVITY_TYPES.lesson;
}
