import type { ColumnType, Generated } from 'kysely';
import type { ImageFormat, MediaKind, MediaStatus, Rendition } from '@catalyst/contracts';

/** One uploaded file and what processing made of it. */
export interface AssetsTable {
  id: string;
  kind: MediaKind | null;
  original_name: string;
  mime_type: string;
  size: ColumnType<number, number, number>;
  received: ColumnType<number, number | undefined, number>;
  status: MediaStatus;
  progress: ColumnType<number, number | undefined, number>;
  reason: string | null;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  renditions: ColumnType<Rendition[], string | undefined, string>;
  images: ColumnType<Array<{ width: number; format: ImageFormat }>, string | undefined, string>;
  has_poster: ColumnType<boolean, boolean | undefined, boolean>;
  has_storyboard: ColumnType<boolean, boolean | undefined, boolean>;
  /** A demo lesson's address in the repository's /media folder, processed instead of an upload. */
  source_path: string | null;
  /** Where the published files live in storage: `assets/<id>/<attempt>/`; null until ready. */
  output_prefix: string | null;
  /** The processing run that may publish (a run that lost its job to a retry cannot). */
  attempt: string | null;
  /**
   * An admin asked for a ready video to be processed again: set until the new encode replaces the
   * published one (or gives up, leaving it as it was, with the reason).
   */
  reprocess_requested_at: Date | null;
  /** The version of the encoding ladder that made a video's published files (`LADDER_VERSION`; null: the first). */
  ladder: number | null;
  /** The store key of the captions an admin uploaded (WebVTT, `assets/<id>/captions/<upload>/captions.vtt`), or null. */
  captions_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The uploaded captions' language (BCP 47), or null when none was named. */
  captions_language: ColumnType<string | null, string | null | undefined, string | null>;
  /** Last sign of life of the run processing it. */
  heartbeat_at: Date | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
