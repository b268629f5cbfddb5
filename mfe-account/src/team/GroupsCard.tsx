import { useId, useState, type FormEvent } from 'react';
import type { TeamGroup, TeamLearner } from '@catalyst/contracts';
import { TEAM_GROUP_NAME_MAX } from '@catalyst/contracts/team-groups-terms';
import { Alert, Button, Card, Spinner, useStrings, type ApiClient, type ApiData } from '@catalyst/web-kit';
import { formErrorOf } from '../billing/formError';
import { shownMessage } from '../i18n/contractMessages';
import { accountWidgetStrings } from '../i18n/widgets/en';
import { accountStrings } from '../i18n/en';
import styles from './Team.module.css';
import own from './TeamLearning.module.css';

/** A group being made (no id) or changed: its name and who is in it. */
interface Draft {
  id?: string;
  name: string;
  memberIds: string[];
}

/** The name field and a checkbox per member: making a group and changing one use the same form. */
function GroupForm({
  draft,
  members,
  busy,
  error,
  onSave,
  onCancel,
}: {
  draft: Draft;
  members: readonly TeamLearner[];
  busy: boolean;
  error: string | null;
  onSave: (draft: Draft) => void;
  onCancel?: () => void;
}) {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  const id = useId();
  const [name, setName] = useState(draft.name);
  const [memberIds, setMemberIds] = useState(draft.memberIds);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ ...draft, name, memberIds });
  };
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={draft.id ? t('groups.change', { name: draft.name }) : t('groups.new')}
    >
      <div className={own.field}>
        <label htmlFor={`${id}-name`}>{t('groups.name')}</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={TEAM_GROUP_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <fieldset className={styles.choices}>
        <legend>{t('members.title')}</legend>
        <ul className={own.people}>
          {members.map((m) => (
            <li key={m.userId}>
              <label className={styles.choice}>
                <input
                  type="checkbox"
                  checked={memberIds.includes(m.userId)}
                  onChange={(event) =>
                    setMemberIds((now) =>
                      event.target.checked ? [...now, m.userId] : now.filter((u) => u !== m.userId),
                    )
                  }
                />
                {t('account.nameAndEmail', { name: m.name, email: m.email })}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {error ? <Alert tone="danger">{shownMessage(tw, t, error)}</Alert> : null}
      <div className={styles.actions}>
        <Button type="submit" loading={busy} disabled={busy}>
          {draft.id ? t('groups.save') : t('groups.make')}
        </Button>
        {onCancel ? (
          <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
            {t('profile.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The team's groups for its owner and admins: made, renamed, filled and deleted here; a group the company's
 * directory keeps (SCIM) is shown as such and changed only there.
 */
export function GroupsCard({
  teamId,
  members,
  groups,
  client,
  onChanged,
}: {
  teamId: string;
  members: readonly TeamLearner[];
  groups: ApiData<TeamGroup[]>;
  client: ApiClient;
  onChanged: () => void;
}) {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TeamGroup | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState(0);
  const nameOf = (userId: string) => members.find((m) => m.userId === userId)?.name ?? userId;

  const act = async (run: () => Promise<unknown>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await run();
      onChanged();
      return true;
    } catch (err) {
      setError(formErrorOf(err, fallback).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const save = async (draft: Draft) => {
    if (!draft.name.trim()) return setError(t('message.groupName'));
    const body = { name: draft.name, memberIds: draft.memberIds };
    const saved = await act(
      () =>
        draft.id
          ? client.teamGroup.updateTeamGroup({ params: { id: teamId, groupId: draft.id }, body })
          : client.teamGroup.createTeamGroup({ params: { id: teamId }, body }),
      t('groups.saveFailed'),
    );
    if (!saved) return;
    if (draft.id) setEditing(null);
    // A new form for the next group.
    else setMade((n) => n + 1);
  };
  const remove = async (group: TeamGroup) => {
    if (
      await act(
        () => client.teamGroup.deleteTeamGroup({ params: { id: teamId, groupId: group.id } }),
        t('groups.deleteFailed'),
      )
    )
      setDeleting(null);
  };

  let list;
  if (groups.error) list = <Alert tone="danger">{t('groups.loadFailed')}</Alert>;
  else if (!groups.data) list = <Spinner message={t('groups.loading')} />;
  else if (groups.data.length === 0) list = <p className={styles.muted}>{t('groups.none')}</p>;
  else
    list = (
      <ul className={own.people} aria-label={t('groups.title')}>
        {groups.data.map((group) => (
          <li key={group.id} data-testid="team-group">
            {editing === group.id ? (
              <GroupForm
                draft={{ id: group.id, name: group.name, memberIds: group.memberIds }}
                members={members}
                busy={busy}
                error={error}
                onSave={(draft) => void save(draft)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <>
                <strong>{group.name}</strong>{' '}
                <span className={styles.muted}>
                  {group.source === 'directory' ? `${t('groups.fromDirectory')} ` : ''}
                  {group.memberIds.length === 0
                    ? t('groups.noMembers')
                    : group.memberIds.map(nameOf).join(', ')}
                </span>
                {group.source === 'team' && deleting?.id !== group.id ? (
                  <div className={styles.actions}>
                    <Button variant="secondary" disabled={busy} onClick={() => setEditing(group.id)}>
                      {t('groups.change', { name: group.name })}
                    </Button>
                    <Button variant="secondary" disabled={busy} onClick={() => setDeleting(group)}>
                      {t('groups.delete', { name: group.name })}
                    </Button>
                  </div>
                ) : null}
                {deleting?.id === group.id ? (
                  <div
                    className={styles.actions}
                    role="group"
                    aria-label={t('groups.deleteAsk', { name: group.name })}
                  >
                    <span>{t('groups.deleteText', { name: group.name })}</span>
                    <Button disabled={busy} onClick={() => void remove(group)}>
                      {t('groups.deleteButton')}
                    </Button>
                    <Button variant="secondary" disabled={busy} onClick={() => setDeleting(null)}>
                      {t('groups.keep')}
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <Card as="section" className={styles.card} aria-labelledby="team-groups">
      <h2 id="team-groups">{t('groups.title')}</h2>
      <p className={styles.muted}>{t('groups.lead')}</p>
      {list}
      {editing === null && deleting === null && error ? (
        <Alert tone="danger">{shownMessage(tw, t, error)}</Alert>
      ) : null}
      <h3>{t('groups.new')}</h3>
      <GroupForm
        key={made}
        draft={{ name: '', memberIds: [] }}
        members={members}
        busy={busy}
        error={null}
        onSave={(draft) => void save(draft)}
      />
    </Card>
  );
}
