// What a notification says, kept as a sentence and its values so each reader gets it in their own language.
import type { Language } from '@catalyst/contracts/languages';
import { formatMonthDay, type TextValues } from '@catalyst/service-kit';
import type { NotificationRow } from '../db/tables/notification-centre';
import { communityTexts } from '../i18n/en';

type TextKey = keyof typeof communityTexts.english & string;
interface Sentence {
  title: TextKey;
  /** None: the body is the one stored (a reply's own words, written by a person). */
  body?: TextKey;
  /** Values that are instants (ISO), written as a day of the reader's language. */
  days?: readonly string[];
}

const WORDINGS = {
  reply: { title: 'replies.subjectOne' },
  'answer-to-asker': { title: 'notice.answerToAsker', body: 'notice.answerToAskerBody' },
  'answer-to-writer': { title: 'notice.answerToWriter' },
  'creator-news': { title: 'news.subjectOne' },
  certificate: { title: 'notice.certificate', body: 'notice.certificateBody' },
  'certificate-untitled': { title: 'notice.certificateUntitled', body: 'notice.certificateBody' },
  'assignment-due': { title: 'notice.assignmentDue', body: 'notice.assignmentDueBody', days: ['due'] },
  'payment-failed': { title: 'notice.paymentFailed', body: 'notice.paymentFailedBody' },
  'live-starting': { title: 'notice.liveStarting', body: 'notice.liveStartingBody' },
} satisfies Record<string, Sentence>;

export type Wording = keyof typeof WORDINGS;

/** A notification's sentence and the names, counts and instants in it. */
export interface NotificationWords {
  wording: Wording;
  values: TextValues;
}

export interface Words {
  title: string;
  body: string;
}

const isWording = (value: unknown): value is Wording =>
  typeof value === 'string' && Object.hasOwn(WORDINGS, value);
const isValues = (value: unknown): value is TextValues =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number');

/** The title and body in `language`; `storedBody` is the body of a sentence that has no body text. */
export function wordsIn(
  language: Language,
  { wording, values }: NotificationWords,
  storedBody: string,
): Words {
  const sentence: Sentence = WORDINGS[wording];
  const filled: TextValues = { ...values };
  for (const name of sentence.days ?? []) {
    const at = new Date(String(values[name]));
    if (!Number.isNaN(at.getTime())) filled[name] = formatMonthDay(language, at);
  }
  return {
    title: communityTexts.t(language, sentence.title, filled),
    body: sentence.body ? communityTexts.t(language, sentence.body, filled) : storedBody,
  };
}

/**
 * What a stored notification says in `language`. A row stored before its sentence was kept (or with a sentence
 * this version does not know) reads its stored English.
 */
export function rowWords(
  row: Pick<NotificationRow, 'title' | 'body' | 'wording' | 'wording_values'>,
  language: Language,
): Words {
  if (!isWording(row.wording) || !isValues(row.wording_values)) return { title: row.title, body: row.body };
  return wordsIn(language, { wording: row.wording, values: row.wording_values }, row.body);
}
