import { useId, useState, type FormEvent } from 'react';
import type { LiveSession, LiveStatus } from '@catalyst/contracts';
import {
  Alert,
  api,
  Badge,
  Button,
  formatCount,
  isApiRequestError,
  Spinner,
  TextField,
  useApiData,
  useStrings,
} from '@catalyst/web-kit';
import { ConfirmDialog } from '../common/ConfirmDialog';
import formStyles from '../common/Form.module.css';
import { formatDateTime } from '../common/formatDateTime';
import { MediaPickerDialog } from '../curriculum/MediaPickerDialog';
import { formMessageStrings, validateLiveSession, type FieldErrors } from '../forms/validation';
import { adminStrings, type AdminKey } from '../i18n/en';
import { isoToLocalInput, localInputToIso, localTimeZone } from './liveTime';
// The same panel as the curriculum above it on the product's page.
import panel from '../curriculum/Curriculum.module.css';
import own from './LiveSession.module.css';

interface LiveForm {
  /** As the datetime-local input holds it: the admin's wall-clock time. */
  startsAt: string;
  durationMinutes: string;
  joinUrl: string;
  recordingAssetId: string | null;
}

const EMPTY: LiveForm = { startsAt: '', durationMinutes: '60', joinUrl: '', recordingAssetId: null };
const formOf = (session: LiveSession): LiveForm => ({
  startsAt: isoToLocalInput(session.startsAt),
  durationMinutes: String(session.durationMinutes),
  joinUrl: session.joinUrl ?? '',
  recordingAssetId: session.recording?.assetId ?? null,
});
/** The request the form stands for (an empty duration is left out, so the rule's "required" message answers). */
const bodyOf = (form: LiveForm) => ({
  startsAt: localInputToIso(form.startsAt),
  durationMinutes: form.durationMinutes.trim() === '' ? undefined : Number(form.durationMinutes),
  joinUrl: form.joinUrl.trim(),
  recordingAssetId: form.recordingAssetId,
});
const STATUS_BADGES: Record<LiveStatus, { tone: 'info' | 'danger' | 'neutral'; label: AdminKey }> = {
  scheduled: { tone: 'info', label: 'live.scheduled' },
  live: { tone: 'danger', label: 'live.liveNow' },
  ended: { tone: 'neutral', label: 'live.ended' },
};

/**
 * A webinar's live session on its product form (outside the product's own form: it saves on its own): when it
 * starts, how long it runs, the join link and the recording afterwards; Save schedules or moves it, Remove
 * cancels it. The browser checks with the server's rule; the server's field errors show beside the fields.
 */
export function LiveSessionEditor({ productId }: { productId: string }) {
  const t = useStrings(adminStrings);
  useStrings(formMessageStrings); // the field messages, in the page's language
  const headingId = useId();
  const read = useApiData(api.live.getSession, { params: { productId } });
  /** undefined: not read yet; null: none scheduled. */
  const [session, setSession] = useState<LiveSession | null | undefined>(undefined);
  const [form, setForm] = useState<LiveForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [picking, setPicking] = useState(false);
  const recording = useApiData(
    api.asset.getAsset,
    form.recordingAssetId ? { params: { id: form.recordingAssetId } } : null,
  );

  const missing = isApiRequestError(read.error) && read.error.status === 404;
  // Each answer of the read (a session, or none: 404) fills the form once, as it arrives.
  const answer = read.data ?? (missing ? null : undefined);
  const [adopted, setAdopted] = useState<LiveSession | null | undefined>(undefined);
  if (answer !== undefined && answer !== adopted) {
    setAdopted(answer);
    setSession(answer);
    setForm(answer ? formOf(answer) : EMPTY);
  }

  const update = <K extends keyof LiveForm>(field: K, value: LiveForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setNotice(null);
    const body = bodyOf(form);
    const found = validateLiveSession(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const { data, message } = await api.live.scheduleLive.request({ params: { productId }, body });
      setSession(data);
      setForm(formOf(data));
      setNotice({
        tone: 'success',
        text: message ?? t(session ? 'live.updated' : 'live.scheduledMessage'),
      });
    } catch (error) {
      const fields = isApiRequestError(error)
        ? Object.fromEntries(error.errors.map((e) => [e.field, e.message]))
        : {};
      setErrors(fields);
      // The message above the fields as well: a refusal with no field (not a webinar, no such product) has only it.
      setNotice({ tone: 'danger', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    setRemoving(true);
    setNotice(null);
    try {
      const { message } = await api.live.cancelLive.request({ params: { productId } });
      setSession(null);
      setForm(EMPTY);
      setErrors({});
      setNotice({ tone: 'success', text: message ?? t('live.removed') });
    } catch (error) {
      setNotice({ tone: 'danger', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setRemoving(false);
      setConfirmRemove(false);
    }
  }

  const heading = (
    <h2 id={headingId} className={panel.heading}>
      {t('live.heading')}
    </h2>
  );

  if (session === undefined) {
    return (
      <section className={panel.editor} aria-labelledby={headingId} data-testid="live-session">
        {heading}
        {read.error && !missing ? (
          <Alert tone="danger">
            {t('live.loadFailed', { reason: read.error.message })}{' '}
            <Button variant="secondary" size="sm" onClick={read.reload}>
              {t('live.tryAgain')}
            </Button>
          </Alert>
        ) : (
          <Spinner message={t('live.loading')} />
        )}
      </section>
    );
  }

  return (
    <section className={panel.editor} aria-labelledby={headingId} data-testid="live-session">
      {heading}
      {session ? (
        <dl className={own.facts} data-testid="live-session-current">
          <div>
            <dt>{t('common.status')}</dt>
            <dd>
              <Badge tone={STATUS_BADGES[session.status].tone}>
                {t(STATUS_BADGES[session.status].label)}
              </Badge>
            </dd>
          </div>
          <div>
            <dt>{t('live.starts')}</dt>
            <dd>{formatDateTime(session.startsAt)}</dd>
          </div>
          <div>
            <dt>{t('live.ends')}</dt>
            <dd>{formatDateTime(session.endsAt)}</dd>
          </div>
          <div>
            <dt>{t('live.registered')}</dt>
            <dd>{formatCount(session.registrations)}</dd>
          </div>
        </dl>
      ) : (
        <p className={panel.intro}>{t('live.none')}</p>
      )}
      {notice ? (
        <Alert tone={notice.tone} onDismiss={() => setNotice(null)} reveal>
          {notice.text}
        </Alert>
      ) : null}
      <form onSubmit={(event) => void save(event)} noValidate aria-labelledby={headingId}>
        <div className={formStyles.row}>
          <TextField
            label={t('live.startsAt')}
            name="startsAt"
            type="datetime-local"
            value={form.startsAt}
            error={errors.startsAt}
            hint={t('live.yourTime', { zone: localTimeZone() })}
            onChange={(event) => update('startsAt', event.target.value)}
            required
          />
          <TextField
            label={t('live.duration')}
            name="durationMinutes"
            type="number"
            min={10}
            max={480}
            step={5}
            value={form.durationMinutes}
            error={errors.durationMinutes}
            onChange={(event) => update('durationMinutes', event.target.value)}
            required
          />
        </div>
        <TextField
          label={t('live.joinLink')}
          name="joinUrl"
          type="url"
          value={form.joinUrl}
          error={errors.joinUrl}
          hint={t('live.joinHint')}
          onChange={(event) => update('joinUrl', event.target.value)}
          required
        />
        <div className={own.recording}>
          <span className={formStyles.label}>{t('live.recording')}</span>
          {form.recordingAssetId ? (
            <div className={own.asset} data-testid="live-recording">
              {recording.data?.posterUrl ? (
                <img className={own.poster} src={recording.data.posterUrl} alt="" width={96} height={54} />
              ) : null}
              <span>
                {recording.data?.originalName ??
                  t(recording.error ? 'live.assetNotFound' : 'live.loadingAsset')}
              </span>
              <Button variant="secondary" size="sm" onClick={() => update('recordingAssetId', null)}>
                {t('live.removeRecording')}
              </Button>
            </div>
          ) : (
            <p className={panel.intro}>{t('live.attachHint')}</p>
          )}
          <div>
            <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setPicking(true)}>
              {t(form.recordingAssetId ? 'live.chooseAnother' : 'live.choose')}
            </Button>
          </div>
          {errors.recordingAssetId ? (
            <p className={formStyles.error} role="alert">
              {errors.recordingAssetId}
            </p>
          ) : null}
        </div>
        <div className={formStyles.buttons}>
          {session ? (
            <Button variant="danger" onClick={() => setConfirmRemove(true)} disabled={saving}>
              {t('live.removeSession')}
            </Button>
          ) : null}
          <Button type="submit" loading={saving}>
            {t(session ? 'live.save' : 'live.schedule')}
          </Button>
        </div>
      </form>
      <MediaPickerDialog
        open={picking}
        title={t('live.pickTitle')}
        kinds={['video']}
        onPick={(asset) => {
          update('recordingAssetId', asset.id);
          setPicking(false);
        }}
        onClose={() => setPicking(false)}
      />
      <ConfirmDialog
        open={confirmRemove}
        title={t('live.removeTitle')}
        message={t('live.removeQuestion')}
        confirmLabel={t('live.remove')}
        busy={removing}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmRemove(false)}
      />
    </section>
  );
}

/** Where a new webinar's live session will be: it needs the product saved first. */
export function LiveSessionNotice() {
  const t = useStrings(adminStrings);
  const headingId = useId();
  return (
    <section className={panel.editor} aria-labelledby={headingId}>
      <h2 id={headingId} className={panel.heading}>
        {t('live.heading')}
      </h2>
      <p className={panel.intro}>{t('live.saveFirst')}</p>
    </section>
  );
}
