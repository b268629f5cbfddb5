import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Release, RemoteReleases } from '@catalyst/contracts';
import {
  Alert,
  Badge,
  Button,
  ErrorScreen,
  formatCount,
  formatPercent,
  Spinner,
  TextField,
  api,
  buttonClassName,
  useApiData,
  useDocumentTitle,
  useStrings,
  withParts,
} from '@catalyst/web-kit';
import styles from '../common/Admin.module.css';
import { formatDateTime } from '../common/formatDateTime';
import { ReasonDialog } from '../common/ReasonDialog';
import { adminStrings, type AdminKey } from '../i18n/en';
import own from './Releases.module.css';

/** What an admin is about to do, waiting for confirmation. */
type Pending =
  | { kind: 'promote'; remote: string; version: string }
  | { kind: 'canary'; remote: string; version: string }
  | { kind: 'rollback'; remote: string; what: string };

const STATUS_LABELS: Record<Release['status'], AdminKey> = {
  current: 'releases.status.current',
  canary: 'releases.status.canary',
  previous: 'releases.status.previous',
  available: 'releases.status.available',
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
  const { current, canary, previous } = entry.channel;
  if (canary) return adminStrings.t('releases.endCanaryWhat', { canary: canary.version, current });
  if (previous) return adminStrings.t('releases.goBackWhat', { current, previous });
  return null;
}

/** /admin/releases: each front end's releases with their history; promote, canary and roll back, each confirmed. */
export function ReleasesPage() {
  const t = useStrings(adminStrings);
  useDocumentTitle(t('releases.title'));
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
    setDone(answer.message ?? t('releases.done'));
    list.reload();
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('releases.title')}</h1>
          <p className={styles.subtitle}>{t('releases.subtitle')}</p>
        </div>
        <div className={styles.actions}>
          <Link className={buttonClassName('secondary')} to="/admin">
            {t('common.backToDashboard')}
          </Link>
        </div>
      </header>
      {done ? (
        <Alert tone="success" onDismiss={() => setDone(null)} reveal>
          {done}
        </Alert>
      ) : null}
      {list.isLoading && !list.data ? <Spinner message={t('releases.loading')} /> : null}
      {list.error ? (
        <ErrorScreen
          message={t('releases.loadFailed', { reason: list.error.message })}
          onRetry={list.reload}
          retryLabel={t('common.tryAgain')}
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
                    {withParts(t('releases.runs'), { current: <code>{entry.channel.current}</code> })}
                    {entry.channel.canary
                      ? withParts(t('releases.canaryFor'), {
                          version: <code>{entry.channel.canary.version}</code>,
                          percent: formatPercent(entry.channel.canary.percent),
                        })
                      : null}
                  </>
                ) : (
                  t('releases.noRelease')
                )}
              </p>
              <Button
                variant="secondary"
                disabled={!undo}
                onClick={() => setPending({ kind: 'rollback', remote: entry.remote, what: undo ?? '' })}
              >
                {t(entry.channel?.canary ? 'releases.endCanary' : 'releases.rollBack')}
              </Button>
            </header>
            {entry.releases.length === 0 ? (
              <p className={styles.empty}>{t('releases.nothing')}</p>
            ) : (
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('releases.version')}</th>
                      <th scope="col">{t('common.status')}</th>
                      <th scope="col">{t('releases.released')}</th>
                      <th scope="col">{t('releases.commit')}</th>
                      <th scope="col">{t('releases.loadErrors')}</th>
                      <th scope="col">{t('common.actions')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entry.releases.map((release) => (
                      <tr key={release.version} data-testid="release-row" data-version={release.version}>
                        <td data-label={t('releases.version')}>
                          <div className={styles.cell}>
                            <code>{release.version}</code>
                            <span className={own.label}>{release.label}</span>
                          </div>
                        </td>
                        <td data-label={t('common.status')}>
                          <div className={styles.cell}>
                            <Badge tone={STATUS_TONES[release.status]}>
                              {t(STATUS_LABELS[release.status])}
                            </Badge>
                          </div>
                        </td>
                        <td data-label={t('releases.released')} className={styles.muted}>
                          <div className={styles.cell}>
                            {release.releasedBy},{' '}
                            <time dateTime={release.createdAt}>{formatDateTime(release.createdAt)}</time>
                          </div>
                        </td>
                        <td data-label={t('releases.commit')} className={styles.muted}>
                          <div className={styles.cell}>
                            {release.gitCommit ? <code>{release.gitCommit.slice(0, 8)}</code> : '—'}
                          </div>
                        </td>
                        <td data-label={t('releases.loadErrors')}>
                          <div className={styles.cell} data-testid="load-errors">
                            {release.loadErrors > 0 ? (
                              <strong className={own.errors}>{formatCount(release.loadErrors)}</strong>
                            ) : (
                              formatCount(0)
                            )}
                          </div>
                        </td>
                        <td data-label={t('common.actions')}>
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
                                {t('releases.promote')}
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
                                {t('releases.canary')}
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
                <summary>{t('releases.history')}</summary>
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
            ? t('releases.promoteTitle')
            : pending?.kind === 'canary'
              ? t('releases.canaryTitle')
              : t('releases.rollBackTitle')
        }
        confirmLabel={
          pending?.kind === 'promote'
            ? t('releases.promote')
            : pending?.kind === 'canary'
              ? t('releases.startCanary')
              : t('releases.rollBack')
        }
        confirmVariant={pending?.kind === 'rollback' ? 'danger' : 'primary'}
        submit={() => (pending ? act(pending) : Promise.resolve())}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'promote' ? (
          <p>
            {withParts(t(pending.remote === 'shell' ? 'releases.promoteShellBody' : 'releases.promoteBody'), {
              remote: pending.remote,
              version: <code>{pending.version}</code>,
            })}
          </p>
        ) : null}
        {pending?.kind === 'canary' ? (
          <>
            <p>
              {withParts(t('releases.canaryBody'), {
                remote: pending.remote,
                version: <code>{pending.version}</code>,
              })}
            </p>
            <TextField
              label={t('releases.share')}
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
