import type { Selectable } from 'kysely';

/** A downloadable file of a lesson (a media asset), with what media said of it when it was attached. */
export interface LessonResourceTable {
  id: string;
  lesson_id: string;
  title: string;
  media_asset_id: string;
  file_name: string;
  mime_type: string;
  /** Bytes (bigint, read as a number by service-kit's pg set-up). */
  size_bytes: number;
  position: number;
}
export type LessonResourceRow = Selectable<LessonResourceTable>;
