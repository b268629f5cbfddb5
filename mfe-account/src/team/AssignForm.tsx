import { useId, useState, type FormEvent } from 'react';
import type { AssignmentTargetKind, TeamGroup, TeamLearner } from '@catalyst/contracts';
import { teamLearningMessages } from '@catalyst/contracts/team-learning-terms';
import { Alert, Button, useApiData, useStrings, type ApiClient } from '@catalyst/web-kit';
import { fieldErrorOf, formErrorOf, type FormError } from '../billing/formError';
import { shownMessage } from '../i18n/contractMessages';
import { accountWidgetStrings } from '../i18n/widgets/en';
import { accountStrings } from '../i18n/en';
import styles from './Team.module.css';
import own from './TeamLearning.module.css';

/** The first page of the catalogue's courses is what the form offers (the catalogue's own largest page). */
const CATALOGUE_PAGE = 50;

type Who = 'everyone' | 'group' | 'members';

/**
 * Assign a course or path from the catalogue to everyone, a group (and who joins it later) or chosen members,
 * with an optional due date.
 */
export function AssignForm({
  teamId,
  members,
  groups = [],
  client,
  onAssigned,
}: {
  teamId: string;
  members: readonly TeamLearner[];
  groups?: readonly TeamGroup[];
  client: ApiClient;
  onAssigned: () => void;
}) {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  const id = useId();
  const [kind, setKind] = useState<AssignmentTargetKind>('path');
  const [targetId, setTargetId] = useState('');
  const [who, setWho] = useState<Who>('everyone');
  const [groupId, setGroupId] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [dueAt, setDueAt] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const [done, setDone] = useState('');
  const products = useApiData(
    client.product.list,
    kind === 'product' ? { query: { limit: CATALOGUE_PAGE } } : null,
  );
  const paths = useApiData(client.path.list, kind === 'path' ? {} : null);
  const options =
    kind === 'path'
      ? (paths.data ?? []).map((p) => ({ id: p._id, title: p.title }))
      : (products.data?.items ?? []).map((p) => ({ id: p._id, title: p.title }));
  const assignable = members.filter((m) => m.role !== 'owner');

  async function assign(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setDone('');
    if (!targetId) {
      setError({ field: 'target', message: t('assign.chooseTarget') });
      return;
    }
    if ((who === 'members' && chosen.length === 0) || (who === 'group' && !groupId)) {
      setError({ field: 'userIds', message: teamLearningMessages.assignees });
      return;
    }
    setBusy(true);
    try {
      const assignment = await client.teamLearning.assign({
        params: { id: teamId },
        body: {
          target: { kind, id: targetId },
          ...(who === 'everyone'
            ? { all: true as const }
            : who === 'group'
              ? { groupId }
              : { userIds: chosen }),
          ...(dueAt ? { dueAt } : {}),
        },
      });
      setDone(
        assignment.group
          ? t('assign.doneGroup', {
              title: assignment.title,
              group: assignment.group.name,
              count: assignment.assignees.length,
            })
          : t('assign.done', { title: assignment.title, count: assignment.assignees.length }),
      );
      setChosen([]);
      onAssigned();
    } catch (err) {
      setError(formErrorOf(err, t('assign.failed')));
    }
    setBusy(false);
  }

  const targetError = fieldErrorOf(error, 'target');
  const peopleError = shownMessage(tw, t, fieldErrorOf(error, 'userIds') ?? undefined);
  const general = error && !targetError && !peopleError ? error.message : null;
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void assign(event)}
      noValidate
      aria-label={t('assign.title')}
    >
      <fieldset className={styles.choices}>
        <legend>{t('assign.what')}</legend>
        {(['path', 'product'] as const).map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === value}
              onChange={() => {
                setKind(value);
                setTargetId('');
              }}
            />
            {value === 'path' ? t('assign.aPath') : t('assign.aCourse')}
          </label>
        ))}
      </fieldset>
      <div className={own.field}>
        <label htmlFor={`${id}-target`}>
          {kind === 'path' ? t('certificate.path') : t('learning.course')}
        </label>
        <select
          id={`${id}-target`}
          value={targetId}
          onChange={(event) => setTargetId(event.target.value)}
          aria-invalid={targetError ? true : undefined}
          aria-describedby={targetError ? `${id}-target-error` : undefined}
        >
          <option value="">{t('assign.choose')}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title}
            </option>
          ))}
        </select>
        {targetError ? (
          <p id={`${id}-target-error`} className={own.error}>
            {targetError}
          </p>
        ) : null}
      </div>
      <fieldset
        className={styles.choices}
        aria-invalid={peopleError ? true : undefined}
        aria-describedby={peopleError ? `${id}-people-error` : undefined}
      >
        <legend>{t('audit.who')}</legend>
        <label className={styles.choice}>
          <input
            type="radio"
            name={`${id}-who`}
            checked={who === 'everyone'}
            onChange={() => setWho('everyone')}
          />
          {t('assign.everyone')}
        </label>
        {groups.length > 0 ? (
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${id}-who`}
              checked={who === 'group'}
              onChange={() => setWho('group')}
            />
            {t('assign.aGroup')}
          </label>
        ) : null}
        <label className={styles.choice}>
          <input
            type="radio"
            name={`${id}-who`}
            checked={who === 'members'}
            onChange={() => setWho('members')}
          />
          {t('assign.chooseMembers')}
        </label>
        {who === 'group' ? (
          <div className={own.field}>
            <label htmlFor={`${id}-group`}>{t('assign.group')}</label>
            <select id={`${id}-group`} value={groupId} onChange={(event) => setGroupId(event.target.value)}>
              <option value="">{t('assign.choose')}</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {who === 'members' ? (
          <ul className={own.people}>
            {assignable.map((m) => (
              <li key={m.userId}>
                <label className={styles.choice}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(m.userId)}
                    onChange={(event) =>
                      setChosen((now) =>
                        event.target.checked ? [...now, m.userId] : now.filter((u) => u !== m.userId),
                      )
                    }
                  />
                  {t('account.nameAndEmail', { name: m.name, email: m.email })}
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        {peopleError ? (
          <p id={`${id}-people-error`} className={own.error}>
            {peopleError}
          </p>
        ) : null}
      </fieldset>
      <div className={own.field}>
        <label htmlFor={`${id}-due`}>{t('assign.due')}</label>
        <input
          id={`${id}-due`}
          type="date"
          value={dueAt}
          onChange={(event) => setDueAt(event.target.value)}
        />
      </div>
      {general ? <Alert tone="danger">{general}</Alert> : null}
      {done ? <p role="status">{done}</p> : null}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t('assign.assigning') : t('assign.title')}
        </Button>
      </div>
    </form>
  );
}
