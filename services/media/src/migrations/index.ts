import type { Migration } from 'kysely';
import * as createAssets from './2026-11-24T21-00-00_create_assets';
import * as reprocess from './2026-12-03T17-30-00_reprocess';
import * as captions from './2026-12-05T15-10-00_captions';
import * as captionsLanguage from './2026-12-06T00-40-00_captions_language';
import * as assetsOfUploader from './2026-12-06T10-20-00_assets_of_uploader';

/** Every migration of the media schema, by sortable name. Migrations are frozen once landed. */
export const migrations: Record<string, Migration> = {
  '2026-11-24T21-00-00_create_assets': createAssets,
  '2026-12-03T17-30-00_reprocess': reprocess,
  '2026-12-05T15-10-00_captions': captions,
  '2026-12-06T00-40-00_captions_language': captionsLanguage,
  '2026-12-06T10-20-00_assets_of_uploader': assetsOfUploader,
};
