import { useId, useState } from 'react';
import { CAPTIONS_MAX_CHARS } from '@catalyst/contracts/captions';
import { api, useApiData } from '@catalyst/web-kit';
import styles from './Media.module.css';

const TOO_LARGE = `A captions file can be at most ${CAPTIONS_MAX_CHARS / 1_000_000} MB`;

/** The languages offered for captions (a file whose header names another keeps it under "As the file says"). */
const CAPTION_LANGUAGES: ReadonlyArray<readonly [tag: string, name: string]> = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['de', 'German'],
  ['fr', 'French'],
  ['pt', 'Portuguese'],
  ['it', 'Italian'],
  ['ar', 'Arabic'],
  ['hi', 'Hindi'],
  ['ja', 'Japanese'],
  ['zh', 'Chinese'],
];

/**
 * A video's captions, beside it in the lesson editor: a WebVTT or SRT file is sent to media as it is chosen
 * (SRT is kept as WebVTT), and the answer says how many cues were kept or which line is wrong. They replace
 * any captions before, for every lesson that plays this video.
 */
export function CaptionsUploadField({ assetId }: { assetId: string }) {
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
      if (text.length > CAPTIONS_MAX_CHARS) throw new Error(TOO_LARGE);
      const saved = await api.asset.putCaptions({
        params: { id: assetId },
        body: { fileName: file.name, text, ...(language ? { language } : {}) },
      });
      setResult({
        assetId,
        ok: true,
        message: `Captions saved from ${file.name}: ${saved.cues} ${saved.cues === 1 ? 'cue' : 'cues'}.`,
      });
      asset.reload();
    } catch (error) {
      const message =
        error instanceof Error && error.message ? error.message : 'The captions were not saved.';
      setResult({ assetId, ok: false, message: `${file.name}: ${message}` });
    } finally {
      setBusy(false);
    }
  };

  if (!assetId)
    return (
      <p className={styles.hint} data-testid="captions-upload">
        Upload or choose a video to add its captions.
      </p>
    );
  const video = asset.data?.kind === 'video' ? asset.data : null;
  return (
    <div className={styles.upload} data-testid="captions-upload">
      <label className={styles.label} htmlFor={`${id}-language`}>
        Language of the captions
      </label>
      <select
        id={`${id}-language`}
        value={language}
        disabled={busy || !video}
        onChange={(event) => setLanguage(event.target.value)}
      >
        <option value="">As the file says (else English)</option>
        {CAPTION_LANGUAGES.map(([tag, name]) => (
          <option key={tag} value={tag}>
            {name}
          </option>
        ))}
      </select>
      <label className={styles.label} htmlFor={id}>
        Captions (WebVTT or SRT)
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
        {video?.captionsUrl
          ? 'This video has captions: a new file replaces them.'
          : 'This video has no captions yet.'}{' '}
        Learners see them with CC and read them in the lesson’s Transcript tab.
      </p>
      <p role="status" className={styles.hint}>
        {busy ? 'Saving the captions…' : shown?.ok ? shown.message : ''}
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
    reader.onerror = () => reject(new Error("The file couldn't be read."));
    reader.readAsText(file);
  });
