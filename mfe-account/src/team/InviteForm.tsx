import { useId, useState, type FormEvent } from 'react';
import type { TeamInviteResult } from '@catalyst/contracts';
import { groupDigits } from '@catalyst/contracts/no-intl';
import { TEAM_INVITE_MAX, teamMessages } from '@catalyst/contracts/teams-terms';
import { Alert, Button, type ApiClient } from '@catalyst/web-kit';
import { formErrorOf, type FormError } from '../billing/formError';
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
  const refused = result.rows.length - result.invited;
  return (
    <>
      <Alert tone={refused > 0 ? 'warning' : 'success'} reveal>
        {`${groupDigits(result.invited)} invited, ${groupDigits(refused)} refused.`}
      </Alert>
      <div
        className={styles.scroll}
        role="region"
        aria-label="Invitation report"
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a table wider than a phone scrolls here: the keyboard reaches it
        tabIndex={0}
      >
        <table className={styles.table}>
          <caption className={styles.caption}>Invitation report, row by row</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">E-mail</th>
              <th scope="col">Outcome</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => (
              <tr key={row.row}>
                <td>{row.row}</td>
                <td>{row.email}</td>
                <td>{row.outcome === 'invited' ? 'Invited' : 'Refused'}</td>
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
  const fieldError = error && (error.field === 'emails' || error.field === 'csv') ? error.message : null;

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
      setError({ field, message: "The file couldn't be read." });
      setBusy(false);
      return;
    }
    try {
      const body = source === 'paste' ? { emails } : { csv };
      setResult(await client.team.invite({ params: { id: teamId }, body }));
      if (source === 'paste') setText('');
      onInvited();
    } catch (err) {
      setError(formErrorOf(err, 'The invitations could not be sent. Please try again.'));
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
        aria-label="Invite people"
      >
        <fieldset className={styles.choices}>
          <legend>How</legend>
          <label className={styles.choice}>
            <input
              type="radio"
              name="invite-source"
              checked={source === 'paste'}
              onChange={() => setSource('paste')}
            />
            Paste addresses
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name="invite-source"
              checked={source === 'csv'}
              onChange={() => setSource('csv')}
            />
            Upload a CSV file
          </label>
        </fieldset>
        <div className={styles.field}>
          {source === 'paste' ? (
            <>
              <label className={styles.label} htmlFor={fieldId}>
                E-mail addresses
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
                One a line, or separated by commas; up to {groupDigits(TEAM_INVITE_MAX)}.
              </p>
            </>
          ) : (
            <>
              <label className={styles.label} htmlFor={fieldId}>
                CSV file
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
                Addresses in the first column, or in a column headed email; up to{' '}
                {groupDigits(TEAM_INVITE_MAX)} rows.
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
            Send invitations
          </Button>
        </div>
      </form>
      {result ? <InviteReport result={result} /> : null}
    </>
  );
}
