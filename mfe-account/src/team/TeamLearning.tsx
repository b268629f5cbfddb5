import { useMemo, useState } from 'react';
import type { TeamAssignment, TeamLearner, TeamMonthFigures } from '@catalyst/contracts';
import {
  Alert,
  Button,
  Card,
  currentLanguage,
  formatDate,
  isApiRequestError,
  learningPathPath,
  productPath,
  readSessionToken,
  Spinner,
  useApiData,
  useStrings,
  type ApiClient,
  formatMonth,
} from '@catalyst/web-kit';
import { accountStrings } from '../i18n/en';
import { downloadFile } from '../profile/dataExport';
import { AssignForm } from './AssignForm';
import { GroupsCard } from './GroupsCard';
import styles from './Team.module.css';
import own from './TeamLearning.module.css';

type SortKey = 'name' | 'lastActiveAt' | 'minutesThisMonth' | 'inProgress' | 'finished' | 'certificates';
const SORTS = {
  name: 'members.name',
  lastActiveAt: 'teamLearning.lastActive',
  minutesThisMonth: 'teamLearning.minutesThisMonth',
  inProgress: 'learning.inProgress',
  finished: 'teamLearning.finished',
  certificates: 'learning.certificates',
} as const satisfies Record<SortKey, string>;
const STATUS_KEYS = {
  not_started: 'assignStatus.notStarted',
  in_progress: 'assignStatus.inProgress',
  done: 'assignStatus.done',
  overdue: 'assignStatus.overdue',
} as const satisfies Record<TeamAssignment['assignees'][number]['status'], string>;

/** Filtered and sorted here: a team is at most 500 rows, all of which the server answers at once. */
export function visibleLearners(
  members: readonly TeamLearner[],
  filter: string,
  sort: SortKey,
): TeamLearner[] {
  const needle = filter.trim().toLowerCase();
  const shown = members.filter(
    (m) => !needle || m.name.toLowerCase().includes(needle) || m.email.toLowerCase().includes(needle),
  );
  return shown.sort((a, b) => {
    if (sort === 'name') return a.name.localeCompare(b.name);
    if (sort === 'lastActiveAt') return (b.lastActiveAt ?? '').localeCompare(a.lastActiveAt ?? '');
    return b[sort] - a[sort] || a.name.localeCompare(b.name);
  });
}

/** A month's short name under the chart's bar: 'Jan' in English, Intl's short month in another language. */
const shortMonth = (month: string) =>
  currentLanguage() === 'en'
    ? formatMonth(month).slice(0, 3)
    : new Date(`${month}-01T00:00:00Z`).toLocaleDateString(currentLanguage(), {
        month: 'short',
        timeZone: 'UTC',
      });

/** The learning view's CSV, drawn by the server (GET /teams/:id/learning.csv), read with the session's token. */
async function learningCsv(client: ApiClient, teamId: string): Promise<ArrayBuffer> {
  const token = readSessionToken();
  const res = await fetch(client.teamLearning.learningCsv.url({ params: { id: teamId } }), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`the server answered ${res.status}`);
  return res.arrayBuffer();
}

function MonthChart({ months }: { months: readonly TeamMonthFigures[] }) {
  const most = Math.max(1, ...months.map((m) => m.minutes));
  const width = 40;
  return (
    <svg className={own.chart} viewBox={`0 0 ${months.length * width} 120`} aria-hidden="true">
      {months.map((m, i) => {
        const height = Math.round((m.minutes / most) * 90);
        return (
          <g key={m.month}>
            <rect className={own.bar} x={i * width + 8} y={100 - height} width={width - 16} height={height} />
            <text className={own.label} x={i * width + width / 2} y={114} textAnchor="middle">
              {shortMonth(m.month)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function MonthFigures({ months }: { months: readonly TeamMonthFigures[] }) {
  const t = useStrings(accountStrings);
  return (
    <>
      <MonthChart months={months} />
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={styles.caption}>{t('teamLearning.byMonthCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('teamLearning.month')}</th>
              <th scope="col">{t('teamLearning.activeLearners')}</th>
              <th scope="col">{t('chart.minutesHeader')}</th>
              <th scope="col">{t('teamLearning.completions')}</th>
              <th scope="col">{t('teamLearning.topCourses')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{formatMonth(m.month)}</th>
                <td className={own.numeric}>{m.activeLearners}</td>
                <td className={own.numeric}>{m.minutes}</td>
                <td className={own.numeric}>{m.completions}</td>
                <td>{m.topCourses.map((c) => c.title).join(', ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Assignments({
  teamId,
  assignments,
  client,
  onChanged,
}: {
  teamId: string;
  assignments: readonly TeamAssignment[];
  client: ApiClient;
  onChanged: () => void;
}) {
  const t = useStrings(accountStrings);
  const [problem, setProblem] = useState('');
  if (assignments.length === 0) return <p className={styles.muted}>{t('teamLearning.noneAssigned')}</p>;
  const withdraw = async (assignmentId: string) => {
    setProblem('');
    try {
      await client.teamLearning.deleteAssignment({ params: { id: teamId, assignmentId } });
      onChanged();
    } catch (err) {
      setProblem(isApiRequestError(err) ? err.message : t('teamLearning.withdrawFailed'));
    }
  };
  return (
    <>
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={styles.caption}>{t('teamLearning.assignedCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('teamLearning.courseOrPath')}</th>
              <th scope="col">{t('teamLearning.due')}</th>
              <th scope="col">{t('teamLearning.assignees')}</th>
              <th scope="col">{t('members.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {assignments.map((a) => (
              <tr key={a.id} data-testid="team-assignment">
                <th scope="row">
                  {a.group ? (
                    <span className={styles.muted}>
                      {t('teamLearning.groupPrefix', { name: a.group.name })}{' '}
                    </span>
                  ) : null}
                  <a
                    href={
                      a.target.kind === 'path'
                        ? learningPathPath(a.slug)
                        : productPath({ productId: a.slug, _id: a.target.id })
                    }
                  >
                    {a.title}
                  </a>{' '}
                  {a.overdue ? <span className={own.overdue}>{t('assignStatus.overdue')}</span> : null}
                </th>
                <td className={styles.nowrap}>
                  {a.dueAt ? formatDate(a.dueAt, 'short', { utc: true }) : t('teamLearning.noDue')}
                </td>
                <td>
                  <ul className={own.people}>
                    {a.assignees.map((p) => (
                      <li key={p.userId}>
                        {p.name}:{' '}
                        <span className={p.status === 'overdue' ? own.overdue : undefined}>
                          {t(STATUS_KEYS[p.status])}
                        </span>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  <Button variant="secondary" onClick={() => void withdraw(a.id)}>
                    {t('teamLearning.withdraw')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * The team's learning for its owner and admins: its groups, members' figures (filtered by a group too), the
 * months, and assigned learning.
 */
export function TeamLearning({ teamId, client }: { teamId: string; client: ApiClient }) {
  const t = useStrings(accountStrings);
  const learning = useApiData(client.teamLearning.learning, { params: { id: teamId } });
  const assignments = useApiData(client.teamLearning.assignments, { params: { id: teamId } });
  const groups = useApiData(client.teamGroup.teamGroups, { params: { id: teamId } });
  const [filter, setFilter] = useState('');
  const [groupId, setGroupId] = useState('');
  const [sort, setSort] = useState<SortKey>('name');
  const [exportProblem, setExportProblem] = useState('');
  const inGroup = groups.data?.find((g) => g.id === groupId)?.memberIds;
  const shown = useMemo(
    () =>
      visibleLearners(learning.data?.members ?? [], filter, sort).filter(
        (m) => !inGroup || inGroup.includes(m.userId),
      ),
    [learning.data, filter, sort, inGroup],
  );
  const exportCsv = async () => {
    setExportProblem('');
    try {
      downloadFile(await learningCsv(client, teamId), 'text/csv', 'team-learning.csv');
    } catch {
      setExportProblem(t('teamLearning.csvFailed'));
    }
  };

  let body;
  if (learning.error) body = <Alert tone="danger">{t('teamLearning.loadFailed')}</Alert>;
  else if (!learning.data) body = <Spinner message={t('teamLearning.loading')} />;
  else
    body = (
      <>
        <div className={own.tools}>
          <div className={own.field}>
            <label htmlFor="team-learning-filter">{t('teamLearning.filter')}</label>
            <input
              id="team-learning-filter"
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          </div>
          {groups.data && groups.data.length > 0 ? (
            <div className={own.field}>
              <label htmlFor="team-learning-group">{t('assign.group')}</label>
              <select
                id="team-learning-group"
                value={groupId}
                onChange={(event) => setGroupId(event.target.value)}
              >
                <option value="">{t('teamLearning.everyone')}</option>
                {groups.data.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className={own.field}>
            <label htmlFor="team-learning-sort">{t('teamLearning.sortBy')}</label>
            <select
              id="team-learning-sort"
              value={sort}
              onChange={(event) => setSort(event.target.value as SortKey)}
            >
              {(Object.keys(SORTS) as SortKey[]).map((value) => (
                <option key={value} value={value}>
                  {t(SORTS[value])}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" onClick={() => void exportCsv()}>
            {t('teamLearning.exportCsv')}
          </Button>
        </div>
        {exportProblem ? <Alert tone="danger">{exportProblem}</Alert> : null}
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className={styles.caption}>{t('teamLearning.membersCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('members.member')}</th>
                <th scope="col">{t('members.seat')}</th>
                <th scope="col">{t('teamLearning.lastActive')}</th>
                <th scope="col">{t('teamLearning.minutesThisMonth')}</th>
                <th scope="col">{t('learning.inProgress')}</th>
                <th scope="col">{t('teamLearning.finished')}</th>
                <th scope="col">{t('learning.certificates')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((m) => (
                <tr key={m.userId}>
                  <th scope="row">
                    {m.name}
                    <br />
                    <span className={styles.muted}>{m.email}</span>
                  </th>
                  <td>{m.seatStatus === 'active' ? t('status.active') : m.seatStatus}</td>
                  <td className={styles.nowrap}>
                    {m.lastActiveAt ? formatDate(m.lastActiveAt) : t('teamLearning.never')}
                  </td>
                  <td className={own.numeric}>{m.minutesThisMonth}</td>
                  <td className={own.numeric}>{m.inProgress}</td>
                  <td className={own.numeric}>{m.finished}</td>
                  <td className={own.numeric}>{m.certificates}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {shown.length === 0 ? (
          <p className={styles.muted}>
            {filter ? t('teamLearning.noMatch', { filter }) : t('teamLearning.noneInGroup')}
          </p>
        ) : null}
        <h3>{t('teamLearning.byMonth')}</h3>
        <MonthFigures months={learning.data.months} />
      </>
    );

  return (
    <>
      <GroupsCard
        teamId={teamId}
        members={learning.data?.members ?? []}
        groups={groups}
        client={client}
        onChanged={() => {
          groups.reload();
          assignments.reload();
        }}
      />
      <Card as="section" className={styles.card} aria-labelledby="team-learning">
        <h2 id="team-learning">{t('teamLearning.title')}</h2>
        {body}
      </Card>
      <Card as="section" className={styles.card} aria-labelledby="team-assign">
        <h2 id="team-assign">{t('assign.title')}</h2>
        <AssignForm
          teamId={teamId}
          members={learning.data?.members ?? []}
          groups={groups.data ?? []}
          client={client}
          onAssigned={() => assignments.reload()}
        />
        <h3>{t('teamLearning.assigned')}</h3>
        {assignments.error ? (
          <Alert tone="danger">{t('teamLearning.assignmentsFailed')}</Alert>
        ) : !assignments.data ? (
          <Spinner message={t('teamLearning.assignmentsLoading')} />
        ) : (
          <Assignments
            teamId={teamId}
            assignments={assignments.data}
            client={client}
            onChanged={() => assignments.reload()}
          />
        )}
      </Card>
    </>
  );
}
