import { useId, useState, type FormEvent } from 'react';
import type { TeamInviteResult } from '@catalyst/contracts';
import { TEAM_INVITE_MAX, teamMessages } from '@catalyst/contracts/teams-terms';
import { Alert, Button, useStrings, type ApiClient, formatCount } from '@catalyst/web-kit';
import { formErrorOf, type FormError } from '../billing/formError';
import { shownMessage } from '../i18n/contractMessages';
import { teamFormStrings } from './teamFormMessages';
import { accountWidgetStrings } from '../i18n/widgets/en';
import { accountStrings } from '../i18n/en';
import styles from './Team.module.css';

type Source = 'paste' | 'csv';

/** Pasted addresses: one a line, or separated by commas, semicolons or spaces. */
export const pastedAddresses = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** A chosen file's text (UTF-8). */
const textOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error("The file couldn't be read."));
    reader.readAsText(file);
  });

/** Every row of an invitation, as the server judged it: a table a person reads down to see what was refused. */
function InviteReport({ result }: { result: TeamInviteResult }) {
  const t = useStrings(accountStrings);
  const refused = result.rows.length - result.invited;
  return (
    <>
      <Alert tone={refused > 0 ? 'warning' : 'success'} reveal>
        {t('invite.summary', { invited: formatCount(result.invited), refused: formatCount(refused) })}
      </Alert>
      <div
        className={styles.scroll}
        role="region"
        aria-label={t('invite.report')}
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a table wider than a phone scrolls here: the keyboard reaches it
        tabIndex={0}
      >
        <table className={styles.table}>
          <caption className={styles.caption}>{t('invite.reportCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('invite.row')}</th>
              <th scope="col">{t('members.email')}</th>
              <th scope="col">{t('invite.outcome')}</th>
              <th scope="col">{t('invite.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => (
              <tr key={row.row}>
                <td>{row.row}</td>
                <td>{row.email}</td>
                <td>{row.outcome === 'invited' ? t('invite.invited') : t('invite.refused')}</td>
                <td>{row.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Invite by pasted addresses or a CSV file; the answer's report of every row is shown under the form. */
export function InviteForm({
  teamId,
  client,
  onInvited,
}: {
  teamId: string;
  client: ApiClient;
  onInvited: () => void;
}) {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  useStrings(teamFormStrings); // the team form's own checks, in the page's language
  const id = useId();
  const [source, setSource] = useState<Source>('paste');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const [result, setResult] = useState<TeamInviteResult | null>(null);
  const field = source === 'paste' ? 'emails' : 'csv';
  const fieldId = `${id}-${field}`;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  // A refusal naming either list is about the one field shown.
  const fieldError =
    error && (error.field === 'emails' || error.field === 'csv') ? shownMessage(tw, t, error.message) : null;

  async function invite(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setResult(null);
    const emails = pastedAddresses(text);
    if (source === 'paste' ? emails.length === 0 : !file) {
      setError({ field, message: teamMessages.invitees });
      return;
    }
    setBusy(true);
    let csv = '';
    try {
      if (source === 'csv') csv = await textOf(file!);
    } catch {
      setError({ field, message: t('invite.unreadable') });
      setBusy(false);
      return;
    }
    try {
      const body = source === 'paste' ? { emails } : { csv };
      setResult(await client.team.invite({ params: { id: teamId }, body }));
      if (source === 'paste') setText('');
      onInvited();
    } catch (err) {
      setError(formErrorOf(err, t('invite.failed')));
    }
    setBusy(false);
  }

  const described = [hintId, fieldError ? errorId : ''].filter(Boolean).join(' ');
  return (
    <>
      <form
        className={styles.form}
        onSubmit={(event) => void invite(event)}
        noValidate
        aria-label={t('invite.title')}
      >
        <fieldset className={styles.choices}>
          <legend>{t('invite.how')}</legend>
          <label className={styles.choice}>
            <input
              type="radio"
              name="invite-source"
              checked={source === 'paste'}
              onChange={() => setSource('paste')}
            />
            {t('invite.paste')}
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name="invite-source"
              checked={source === 'csv'}
              onChange={() => setSource('csv')}
            />
            {t('invite.csv')}
          </label>
        </fieldset>
        <div className={styles.field}>
          {source === 'paste' ? (
            <>
              <label className={styles.label} htmlFor={fieldId}>
                {t('invite.addresses')}
              </label>
              <textarea
                id={fieldId}
                className={styles.addresses}
                value={text}
                onChange={(event) => setText(event.target.value)}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={described}
              />
              <p id={hintId} className={styles.hint}>
                {t('invite.pasteHint', { max: formatCount(TEAM_INVITE_MAX) })}
              </p>
            </>
          ) : (
            <>
              <label className={styles.label} htmlFor={fieldId}>
                {t('invite.csvLabel')}
              </label>
              <input
                id={fieldId}
                type="file"
                accept=".csv,text/csv"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={described}
              />
              <p id={hintId} className={styles.hint}>
                {t('invite.csvHint', { max: formatCount(TEAM_INVITE_MAX) })}
              </p>
            </>
          )}
          {fieldError ? (
            <p id={errorId} className={styles.error} role="alert">
              {fieldError}
            </p>
          ) : null}
        </div>
        {error && !fieldError ? <Alert tone="danger">{error.message}</Alert> : null}
        <div>
          <Button type="submit" loading={busy}>
            {t('invite.send')}
          </Button>
        </div>
      </form>
      {result ? <InviteReport result={result} /> : null}
    </>
  );
}
