import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Release, RemoteReleases } from '@catalyst/contracts';
import {
  Alert,
  Badge,
  Button,
  ErrorScreen,
  Spinner,
  TextField,
  api,
  buttonClassName,
  useApiData,
  useDocumentTitle,
} from '@catalyst/web-kit';
import styles from '../common/Admin.module.css';
import { formatDateTime } from '../common/formatDateTime';
import { ReasonDialog } from '../common/ReasonDialog';
import own from './Releases.module.css';

/** What an admin is about to do, waiting for confirmation. */
type Pending =
  | { kind: 'promote'; remote: string; version: string }
  | { kind: 'canary'; remote: string; version: string }
  | { kind: 'rollback'; remote: string; what: string };

const STATUS_LABELS: Record<Release['status'], string> = {
  current: 'Current',
  canary: 'Canary',
  previous: 'Previous',
  available: 'Available',
};
const STATUS_TONES = {
  current: 'success',
  canary: 'warning',
  previous: 'neutral',
  available: 'neutral',
} as const;

const subjectOf = (pending: Pending | null) =>
  pending ? `${pending.kind}:${pending.remote}:${'version' in pending ? pending.version : ''}` : null;

/** What rollback undoes for a front end: its canary, else the last promotion (null: nothing to undo). */
function rollbackOf(entry: RemoteReleases): string | null {
  if (!entry.channel) return null;
  if (entry.channel.canary)
    return `End the canary of ${entry.channel.canary.version}: everyone runs ${entry.channel.current} again.`;
  if (entry.channel.previous)
    return `Go back from ${entry.channel.current} to ${entry.channel.previous} for everyone.`;
  return null;
}

/** /admin/releases: each front end's releases with their history; promote, canary and roll back, each confirmed. */
export function ReleasesPage() {
  useDocumentTitle('Releases');
  const list = useApiData(api.release.list);
  const [pending, setPending] = useState<Pending | null>(null);
  const [percent, setPercent] = useState('10');
  const [done, setDone] = useState<string | null>(null);

  async function act(action: Pending) {
    const answer =
      action.kind === 'promote'
        ? await api.release.promote.request({
            params: { remote: action.remote as never },
            body: { version: action.version },
          })
        : action.kind === 'canary'
          ? await api.release.canary.request({
              params: { remote: action.remote as never },
              body: { version: action.version, percent: Number(percent) },
            })
          : await api.release.rollback.request({ params: { remote: action.remote as never } });
    setPending(null);
    setDone(answer.message ?? 'Done.');
    list.reload();
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Releases</h1>
          <p className={styles.subtitle}>
            What each front end runs, its canary, and every release with who made it and how often browsers
            failed to load it. A change reaches browsers on their next page load.
          </p>
        </div>
        <div className={styles.actions}>
          <Link className={buttonClassName('secondary')} to="/admin">
            Back to Dashboard
          </Link>
        </div>
      </header>
      {done ? (
        <Alert tone="success" onDismiss={() => setDone(null)} reveal>
          {done}
        </Alert>
      ) : null}
      {list.isLoading && !list.data ? <Spinner message="Loading the releases..." /> : null}
      {list.error ? (
        <ErrorScreen
          message={`Failed to load the releases: ${list.error.message}`}
          onRetry={list.reload}
          retryLabel="Try Again"
        />
      ) : null}
      {list.data?.remotes.map((entry) => {
        const undo = rollbackOf(entry);
        return (
          <section
            key={entry.remote}
            className={own.remote}
            data-testid={`releases-${entry.remote}`}
            aria-labelledby={`releases-${entry.remote}-title`}
          >
            <header className={own.remoteHeader}>
              <h2 id={`releases-${entry.remote}-title`} className={own.remoteTitle}>
                {entry.remote}
              </h2>
              <p className={own.summary}>
                {entry.channel ? (
                  <>
                    Runs <code>{entry.channel.current}</code>
                    {entry.channel.canary ? (
                      <>
                        {' '}
                        · canary <code>{entry.channel.canary.version}</code> for{' '}
                        {entry.channel.canary.percent}%
                      </>
                    ) : null}
                  </>
                ) : (
                  'No release recorded'
                )}
              </p>
              <Button
                variant="secondary"
                disabled={!undo}
                onClick={() => setPending({ kind: 'rollback', remote: entry.remote, what: undo ?? '' })}
              >
                {entry.channel?.canary ? 'End canary' : 'Roll back'}
              </Button>
            </header>
            {entry.releases.length === 0 ? (
              <p className={styles.empty}>Nothing released yet.</p>
            ) : (
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">Version</th>
                      <th scope="col">Status</th>
                      <th scope="col">Released</th>
                      <th scope="col">Commit</th>
                      <th scope="col">Load errors</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entry.releases.map((release) => (
                      <tr key={release.version} data-testid="release-row" data-version={release.version}>
                        <td data-label="Version">
                          <div className={styles.cell}>
                            <code>{release.version}</code>
                            <span className={own.label}>{release.label}</span>
                          </div>
                        </td>
                        <td data-label="Status">
                          <div className={styles.cell}>
                            <Badge tone={STATUS_TONES[release.status]}>{STATUS_LABELS[release.status]}</Badge>
                          </div>
                        </td>
                        <td data-label="Released" className={styles.muted}>
                          <div className={styles.cell}>
                            {release.releasedBy},{' '}
                            <time dateTime={release.createdAt}>{formatDateTime(release.createdAt)}</time>
                          </div>
                        </td>
                        <td data-label="Commit" className={styles.muted}>
                          <div className={styles.cell}>
                            {release.gitCommit ? <code>{release.gitCommit.slice(0, 8)}</code> : '—'}
                          </div>
                        </td>
                        <td data-label="Load errors">
                          <div className={styles.cell} data-testid="load-errors">
                            {release.loadErrors > 0 ? (
                              <strong className={own.errors}>{release.loadErrors}</strong>
                            ) : (
                              '0'
                            )}
                          </div>
                        </td>
                        <td data-label="Actions">
                          <div className={`${styles.cell} ${own.rowActions}`}>
                            {release.status !== 'current' ? (
                              <Button
                                size="sm"
                                onClick={() =>
                                  setPending({
                                    kind: 'promote',
                                    remote: entry.remote,
                                    version: release.version,
                                  })
                                }
                              >
                                Promote
                              </Button>
                            ) : null}
                            {release.status !== 'current' &&
                            release.status !== 'canary' &&
                            entry.remote !== 'shell' ? (
                              <Button
                                size="sm"
                                variant="secondary"
                                onClick={() =>
                                  setPending({
                                    kind: 'canary',
                                    remote: entry.remote,
                                    version: release.version,
                                  })
                                }
                              >
                                Canary
                              </Button>
                            ) : null}
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {entry.history.length > 0 ? (
              <details className={own.history}>
                <summary>History</summary>
                <ol>
                  {entry.history.map((event, i) => (
                    <li key={`${event.at}-${i}`}>
                      <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {event.action}{' '}
                      {event.version ? <code>{event.version}</code> : null}
                      {event.detail ? ` (${event.detail})` : ''} · {event.actor}
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
          </section>
        );
      })}
      <ReasonDialog
        subject={subjectOf(pending)}
        title={
          pending?.kind === 'promote'
            ? 'Promote this release?'
            : pending?.kind === 'canary'
              ? 'Start a canary?'
              : 'Roll back?'
        }
        confirmLabel={
          pending?.kind === 'promote' ? 'Promote' : pending?.kind === 'canary' ? 'Start canary' : 'Roll back'
        }
        confirmVariant={pending?.kind === 'rollback' ? 'danger' : 'primary'}
        submit={() => (pending ? act(pending) : Promise.resolve())}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'promote' ? (
          <p>
            Everyone will run {pending.remote} <code>{pending.version}</code> from their next page load{' '}
            {pending.remote === 'shell' ? '(the whole shell switches at once)' : ''}.
          </p>
        ) : null}
        {pending?.kind === 'canary' ? (
          <>
            <p>
              A stable share of people will run {pending.remote} <code>{pending.version}</code>; everyone else
              keeps the current release.
            </p>
            <TextField
              label="Share of people (%)"
              type="number"
              min={0.01}
              max={99.99}
              step={0.01}
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
            />
          </>
        ) : null}
        {pending?.kind === 'rollback' ? <p>{pending.what}</p> : null}
      </ReasonDialog>
    </section>
  );
}
