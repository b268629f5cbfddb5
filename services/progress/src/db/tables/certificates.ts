import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { Language } from '@catalyst/contracts/languages';

/** A certificate of completion: one per learner and course, stating the facts as they were when issued (its signed credential: certificate_credentials). */
export interface CertificatesTable {
  /** The public code (ten characters of Crockford's base32). */
  code: string;
  user_id: string;
  /** The course's `_id` in the content service. */
  product_id: string;
  /** The learner's name when the certificate was issued. */
  learner_name: string;
  /** The language the learner had chosen then: the PDF's words (null: English). */
  language: ColumnType<Language | null, Language | null | undefined, never>;
  course_title: string;
  creator_name: string;
  product_slug: string;
  /** Hours, one decimal (numeric: pg answers it as a string). */
  hours: ColumnType<string, number | string, number | string>;
  completed_at: ColumnType<Date, Date | string, Date | string>;
  issued_at: ColumnType<Date, Date | string | undefined, never>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_reason: string | null;
  /** The certificate's place in the revocation status lists (its credential's `credentialStatus`). */
  status_index: ColumnType<number, number | undefined, never>;
  search_text: ColumnType<string, never, never>;
  /** A course's certificate, or a learning path's (`product_id` then holds the path's id). */
  kind: ColumnType<'course' | 'path', 'course' | 'path' | undefined, never>;
}

export type CertificateRow = Selectable<CertificatesTable>;
export type NewCertificateRow = Insertable<CertificatesTable>;
