import { useState } from 'react';
import type { AdminMediaAsset, MediaKind } from '@catalyst/contracts';
import { api, Button, Dialog, pageCount, Pager, Spinner, useApiData, useStrings } from '@catalyst/web-kit';
import { consoleStrings } from '../i18n/console/en';
import { SelectField } from '../common/FormControls';
import { formatSize } from '../media/UploadProgress';
import styles from './Curriculum.module.css';
import { formatLength } from './curriculumDraft';

const KIND_LABELS = {
  video: 'curriculum.media.videos',
  document: 'curriculum.media.documents',
  archive: 'curriculum.media.archives',
  image: 'curriculum.media.images',
} as const satisfies Record<MediaKind, string>;
const PAGE_SIZE = 20;

export interface MediaPickerDialogProps {
  open: boolean;
  title: string;
  /** What may be picked; more than one offers a choice of type. */
  kinds: readonly MediaKind[];
  onPick: (asset: AdminMediaAsset) => void;
  onClose: () => void;
}

/** Picks a ready asset of the media library (newest first, a page at a time). */
export function MediaPickerDialog({ open, title, kinds, onPick, onClose }: MediaPickerDialogProps) {
  const t = useStrings(consoleStrings);
  const [kind, setKind] = useState<MediaKind>(kinds[0]!);
  const [page, setPage] = useState(1);
  const list = useApiData(
    api.asset.listAssets,
    open ? { query: { kind, status: 'ready', page, limit: PAGE_SIZE } } : null,
  );

  return (
    <Dialog open={open} onClose={onClose} title={title} wide>
      {kinds.length > 1 ? (
        <SelectField
          label={t('curriculum.media.type')}
          value={kind}
          options={kinds.map((k) => ({ value: k, label: t(KIND_LABELS[k]) }))}
          onChange={(event) => {
            setKind(event.target.value as MediaKind);
            setPage(1);
          }}
        />
      ) : null}
      {list.isLoading && !list.data ? <Spinner message={t('curriculum.media.loading')} /> : null}
      {list.error ? (
        <p className={styles.error} role="alert">
          {t('curriculum.media.failed', { message: list.error.message })}{' '}
          <Button variant="secondary" size="sm" onClick={list.reload}>
            {t('curriculum.tryAgain')}
          </Button>
        </p>
      ) : null}
      {list.data && list.data.items.length === 0 ? <p>{t('curriculum.media.empty')}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <ul className={styles.pickList} aria-label={t(KIND_LABELS[kind])}>
          {list.data.items.map((asset) => (
            <li key={asset.id} className={styles.pickItem}>
              {asset.posterUrl ? (
                <img
                  className={styles.poster}
                  src={asset.posterUrl}
                  alt=""
                  width={96}
                  height={54}
                  loading="lazy"
                />
              ) : null}
              <div>
                <strong>{asset.originalName}</strong>
                <br />
                {formatSize(asset.size)}
                {asset.durationSeconds ? ` · ${formatLength(asset.durationSeconds)}` : ''}
              </div>
              <Button
                size="sm"
                aria-label={t('curriculum.media.chooseLabel', { name: asset.originalName })}
                onClick={() => onPick(asset)}
              >
                {t('curriculum.media.choose')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Pager
        label={t('curriculum.media.pages')}
        page={page}
        pages={pageCount(list.data)}
        onPage={setPage}
        size="sm"
      />
    </Dialog>
  );
}
