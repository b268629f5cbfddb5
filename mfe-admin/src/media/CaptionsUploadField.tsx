import { useId, useState } from 'react';
import { CAPTIONS_MAX_CHARS } from '@catalyst/contracts/captions';
import { api, formatCount, useApiData, useStrings } from '@catalyst/web-kit';
import { adminStrings, type AdminKey } from '../i18n/en';
import styles from './Media.module.css';

/** A captions file's limit, as its refusal words it ('at most 1 MB'). */
const tooLarge = () =>
  adminStrings.t('media.captionsTooLarge', { size: formatCount(CAPTIONS_MAX_CHARS / 1_000_000) });

/** The languages offered for captions (a file whose header names another keeps it under "As the file says"). */
const CAPTION_LANGUAGES: ReadonlyArray<readonly [tag: string, name: AdminKey]> = [
  ['en', 'media.lang.en'],
  ['es', 'media.lang.es'],
  ['de', 'media.lang.de'],
  ['fr', 'media.lang.fr'],
  ['pt', 'media.lang.pt'],
  ['it', 'media.lang.it'],
  ['ar', 'media.lang.ar'],
  ['hi', 'media.lang.hi'],
  ['ja', 'media.lang.ja'],
  ['zh', 'media.lang.zh'],
];

/**
 * A video's captions, beside it in the lesson editor: a WebVTT or SRT file is sent to media as it is chosen
 * (SRT is kept as WebVTT), and the answer says how many cues were kept or which line is wrong. They replace
 * any captions before, for every lesson that plays this video.
 */
export function CaptionsUploadField({ assetId }: { assetId: string }) {
  const t = useStrings(adminStrings);
  const id = useId();
  const asset = useApiData(api.asset.getAsset, assetId ? { params: { id: assetId } } : null);
  const [busy, setBusy] = useState(false);
  // '' leaves it to the file: the language its WebVTT header names, if any
  const [language, setLanguage] = useState('');
  const [result, setResult] = useState<{ assetId: string; ok: boolean; message: string } | null>(null);
  const shown = result?.assetId === assetId ? result : null;

  const send = async (file: File) => {
    setBusy(true);
    setResult(null);
    try {
      const text = await textOf(file);
      if (text.length > CAPTIONS_MAX_CHARS) throw new Error(tooLarge());
      const saved = await api.asset.putCaptions({
        params: { id: assetId },
        body: { fileName: file.name, text, ...(language ? { language } : {}) },
      });
      setResult({
        assetId,
        ok: true,
        message: t('media.captionsSaved', { file: file.name, count: saved.cues }),
      });
      asset.reload();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : t('media.captionsNotSaved');
      setResult({ assetId, ok: false, message: t('media.fileProblem', { file: file.name, message }) });
    } finally {
      setBusy(false);
    }
  };

  if (!assetId)
    return (
      <p className={styles.hint} data-testid="captions-upload">
        {t('media.chooseVideoFirst')}
      </p>
    );
  const video = asset.data?.kind === 'video' ? asset.data : null;
  return (
    <div className={styles.upload} data-testid="captions-upload">
      <label className={styles.label} htmlFor={`${id}-language`}>
        {t('media.captionsLanguage')}
      </label>
      <select
        id={`${id}-language`}
        value={language}
        disabled={busy || !video}
        onChange={(event) => setLanguage(event.target.value)}
      >
        <option value="">{t('media.asFileSays')}</option>
        {CAPTION_LANGUAGES.map(([tag, name]) => (
          <option key={tag} value={tag}>
            {t(name)}
          </option>
        ))}
      </select>
      <label className={styles.label} htmlFor={id}>
        {t('media.captionsFile')}
      </label>
      <input
        id={id}
        type="file"
        accept=".vtt,.srt,text/vtt,application/x-subrip"
        className={styles.file}
        disabled={busy || !video}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void send(file);
          event.target.value = '';
        }}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {t(video?.captionsUrl ? 'media.hasCaptions' : 'media.noCaptions')} {t('media.captionsWhere')}
      </p>
      <p role="status" className={styles.hint}>
        {busy ? t('media.savingCaptions') : shown?.ok ? shown.message : ''}
      </p>
      {shown && !shown.ok ? (
        <p role="alert" className={styles.error}>
          {shown.message}
        </p>
      ) : null}
    </div>
  );
}

/** A chosen file's text (UTF-8). */
const textOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(adminStrings.t('media.unreadable')));
    reader.readAsText(file);
  });
