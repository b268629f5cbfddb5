import { useState, type FormEvent } from 'react';
import type { TeamAuditEntry, TeamDetail, TeamMember, TeamSummary } from '@catalyst/contracts';
import {
  TEAM_INVITATION_DAYS,
  TEAM_SEATS_MAX,
  TEAM_SEATS_MIN,
  teamMessages,
} from '@catalyst/contracts/teams-terms';
import {
  Alert,
  Button,
  Card,
  Dialog,
  formatDate,
  Spinner,
  TextField,
  useApiData,
  useStrings,
  type ApiClient,
  type ApiData,
  formatCount,
} from '@catalyst/web-kit';
import { formErrorOf, type FormError } from '../billing/formError';
import { shownMessage } from '../i18n/contractMessages';
import { teamFormStrings } from './teamFormMessages';
import { accountWidgetStrings } from '../i18n/widgets/en';
import { accountStrings, type AccountText } from '../i18n/en';
import { InviteForm } from './InviteForm';
import { TeamLearning } from './TeamLearning';
import { SsoCard } from './SsoCard';
import { ScimCard } from './ScimCard';
import { ApiKeysCard } from './ApiKeysCard';
import { DomainsCard } from './DomainsCard';
import { JoinLinkCard } from './JoinLinkCard';
import { messageOf } from './JoinTeam';
import styles from './Team.module.css';

const ROLE_KEYS = { owner: 'members.owner', admin: 'members.admin', member: 'members.member' } as const;
const ACTION_KEYS = {
  checkout: 'audit.checkout',
  seats_changed: 'audit.seatsChanged',
  invited: 'audit.invited',
  invitation_revoked: 'audit.invitationRevoked',
  joined: 'audit.joined',
  removed: 'audit.removed',
  sso_changed: 'audit.ssoChanged',
  sso_removed: 'audit.ssoRemoved',
  sso_domain_verified: 'audit.ssoDomainVerified',
  role_changed: 'audit.roleChanged',
  assigned: 'audit.assigned',
  assignment_removed: 'audit.assignmentRemoved',
  scim_token_created: 'audit.scimTokenCreated',
  scim_token_revoked: 'audit.scimTokenRevoked',
  group_created: 'audit.groupCreated',
  group_changed: 'audit.groupChanged',
  group_deleted: 'audit.groupDeleted',
  domain_added: 'audit.domainAdded',
  domain_verified: 'audit.domainVerified',
  domain_removed: 'audit.domainRemoved',
  join_link_on: 'audit.joinLinkOn',
  join_link_renewed: 'audit.joinLinkRenewed',
  join_link_off: 'audit.joinLinkOff',
} as const satisfies Record<TeamAuditEntry['action'], string>;

/** Seats used of the total, and (for the owner) Change seats: a refusal is shown under the field. */
function Seats({
  team,
  canChange,
  client,
  onChanged,
}: {
  team: TeamDetail;
  canChange: boolean;
  client: ApiClient;
  onChanged: (team: TeamDetail) => void;
}) {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  useStrings(teamFormStrings); // the team form's own checks, in the page's language
  const [seats, setSeats] = useState(String(team.seats));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function change(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const count = Number(seats);
    if (!Number.isInteger(count) || count < TEAM_SEATS_MIN || count > TEAM_SEATS_MAX) {
      setError({ field: 'seats', message: teamMessages.seats });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const changed = await client.team.changeSeats({ params: { id: team.id }, body: { seats: count } });
      setNotice(t('seats.now', { count: changed.seats, seats: formatCount(changed.seats) }));
      onChanged(changed);
    } catch (err) {
      // every refusal here is about the number asked for (409: below the seats in use)
      setError({ field: 'seats', ...formErrorOf(err, t('seats.changeFailed')) });
    }
    setBusy(false);
  }

  return (
    <Card as="section" className={styles.card} aria-labelledby="team-seats">
      <h2 id="team-seats">{t('teamBuy.seats')}</h2>
      <p className={styles.seats}>
        {t('seats.used', { used: formatCount(team.seatsUsed), total: formatCount(team.seats) })}
      </p>
      <p className={styles.muted}>{billedText(t, team)}</p>
      {team.status !== 'active' ? (
        <Alert tone="warning">{team.status === 'past_due' ? t('seats.pastDue') : t('seats.ended')}</Alert>
      ) : null}
      {canChange ? (
        <form
          className={styles.inline}
          onSubmit={(event) => void change(event)}
          noValidate
          aria-label={t('seats.change')}
        >
          <TextField
            label={t('teamBuy.seats')}
            type="number"
            inputMode="numeric"
            min={Math.max(TEAM_SEATS_MIN, team.seatsUsed)}
            max={TEAM_SEATS_MAX}
            step={1}
            value={seats}
            onChange={(event) => setSeats(event.target.value)}
            error={shownMessage(tw, t, error?.message) ?? null}
            hint={t('seats.hint')}
          />
          <div>
            <Button type="submit" variant="secondary" loading={busy}>
              {t('seats.change')}
            </Button>
          </div>
        </form>
      ) : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
    </Card>
  );
}

/** How the team is billed, and when it renews. */
const billedText = (t: AccountText, team: TeamDetail) => {
  const date = team.renewsAt ? formatDate(team.renewsAt, 'long') : null;
  if (team.interval === 'month') return date ? t('seats.monthlyRenews', { date }) : t('seats.monthly');
  return date ? t('seats.annuallyRenews', { date }) : t('seats.annually');
};

type AssignableRole = Exclude<TeamMember['role'], 'owner'>;
const otherRole = (role: TeamMember['role']): AssignableRole => (role === 'admin' ? 'member' : 'admin');

/**
 * The members, each with Remove (never the owner) and, for the owner, Make admin or Make member: each confirmed
 * in a dialog first.
 */
function Members({
  team,
  canChangeRoles,
  client,
  onChanged,
}: {
  team: TeamDetail;
  canChangeRoles: boolean;
  client: ApiClient;
  onChanged: (team: TeamDetail) => void;
}) {
  const t = useStrings(accountStrings);
  const [leaving, setLeaving] = useState<TeamMember | null>(null);
  const [roleChange, setRoleChange] = useState<{ member: TeamMember; role: AssignableRole } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function remove(member: TeamMember) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      onChanged(await client.team.removeMember({ params: { id: team.id, userId: member.userId } }));
      setNotice(t('members.removed', { name: member.name }));
    } catch (err) {
      setError(messageOf(err, t('members.removeFailed')));
    }
    setBusy(false);
    setLeaving(null);
  }

  async function changeRole(member: TeamMember, role: AssignableRole) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      onChanged(
        await client.teamLearning.changeRole({
          params: { id: team.id, userId: member.userId },
          body: { role },
        }),
      );
      setNotice(
        role === 'admin'
          ? t('members.nowAdmin', { name: member.name })
          : t('members.nowMember', { name: member.name }),
      );
    } catch (err) {
      setError(messageOf(err, t('members.roleFailed')));
    }
    setBusy(false);
    setRoleChange(null);
  }

  return (
    <Card as="section" className={styles.card} aria-labelledby="team-members">
      <h2 id="team-members">{t('members.title')}</h2>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={styles.caption}>
            {t('members.count', { count: team.members.length, number: formatCount(team.members.length) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('members.name')}</th>
              <th scope="col">{t('members.email')}</th>
              <th scope="col">{t('members.role')}</th>
              <th scope="col">{t('members.seat')}</th>
              <th scope="col">{t('members.joined')}</th>
              <th scope="col">
                <span className="ck-visually-hidden">{t('members.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {team.members.map((member) => (
              <tr key={member.userId}>
                <th scope="row">{member.name}</th>
                <td>{member.email}</td>
                <td>{t(ROLE_KEYS[member.role])}</td>
                <td>{t('status.active')}</td>
                <td className={styles.nowrap}>{formatDate(member.joinedAt)}</td>
                <td>
                  {member.role === 'owner' ? null : (
                    <div className={styles.actions}>
                      {canChangeRoles ? (
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={
                            otherRole(member.role) === 'admin'
                              ? t('members.makeAdminLabel', { name: member.name })
                              : t('members.makeMemberLabel', { name: member.name })
                          }
                          onClick={() => setRoleChange({ member, role: otherRole(member.role) })}
                        >
                          {otherRole(member.role) === 'admin'
                            ? t('members.makeAdmin')
                            : t('members.makeMember')}
                        </Button>
                      ) : null}
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={t('members.removeLabel', { name: member.name })}
                        onClick={() => setLeaving(member)}
                      >
                        {t('members.remove')}
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <Dialog
        open={leaving !== null}
        onClose={() => setLeaving(null)}
        title={leaving ? t('members.removeTitle', { name: leaving.name, team: team.name }) : ''}
      >
        <p>{t('members.removeText')}</p>
        <div className={styles.actions}>
          <Button variant="danger" loading={busy} onClick={() => leaving && void remove(leaving)}>
            {t('members.removeButton')}
          </Button>
          <Button variant="secondary" onClick={() => setLeaving(null)}>
            {t('profile.cancel')}
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={roleChange !== null}
        onClose={() => setRoleChange(null)}
        title={
          roleChange
            ? roleChange.role === 'admin'
              ? t('members.makeAdminTitle', { name: roleChange.member.name, team: team.name })
              : t('members.makeMemberTitle', { name: roleChange.member.name, team: team.name })
            : ''
        }
      >
        <p>
          {roleChange
            ? roleChange.role === 'admin'
              ? t('members.adminMeans')
              : t('members.memberMeans')
            : null}
        </p>
        <div className={styles.actions}>
          <Button
            loading={busy}
            onClick={() => roleChange && void changeRole(roleChange.member, roleChange.role)}
          >
            {roleChange
              ? roleChange.role === 'admin'
                ? t('members.makeAdmin')
                : t('members.makeMember')
              : null}
          </Button>
          <Button variant="secondary" onClick={() => setRoleChange(null)}>
            {t('profile.cancel')}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}

/** Invitations not yet accepted, each with Revoke (its link stops working). */
function PendingInvitations({
  team,
  client,
  onRevoked,
}: {
  team: TeamDetail;
  client: ApiClient;
  onRevoked: () => void;
}) {
  const t = useStrings(accountStrings);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function revoke(invitationId: string) {
    setBusy(invitationId);
    setError(null);
    try {
      await client.team.revokeInvitation({ params: { id: team.id, invitationId } });
      onRevoked();
    } catch (err) {
      setError(messageOf(err, t('pending.revokeFailed')));
    }
    setBusy(null);
  }

  if (team.invitations.length === 0) return <p className={styles.muted}>{t('pending.none')}</p>;
  return (
    <>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={styles.caption}>{t('pending.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('members.email')}</th>
              <th scope="col">{t('invite.invited')}</th>
              <th scope="col">{t('pending.expires')}</th>
              <th scope="col">
                <span className="ck-visually-hidden">{t('members.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {team.invitations.map((invitation) => (
              <tr key={invitation.id}>
                <th scope="row">{invitation.email}</th>
                <td className={styles.nowrap}>{formatDate(invitation.invitedAt)}</td>
                <td className={styles.nowrap}>{formatDate(invitation.expiresAt)}</td>
                <td>
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={busy === invitation.id}
                    aria-label={t('pending.revokeLabel', { email: invitation.email })}
                    onClick={() => void revoke(invitation.id)}
                  >
                    {t('pending.revoke')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error ? <Alert tone="danger">{error}</Alert> : null}
    </>
  );
}

/** The owner's audit log, newest first. */
function AuditLog({ audit }: { audit: ApiData<TeamAuditEntry[]> }) {
  const t = useStrings(accountStrings);
  if (audit.error) return <Alert tone="danger">{messageOf(audit.error, t('audit.loadFailed'))}</Alert>;
  if (!audit.data) return <Spinner message={t('audit.loading')} />;
  if (audit.data.length === 0) return <p className={styles.muted}>{t('audit.none')}</p>;
  return (
    <div
      className={styles.scroll}
      role="region"
      aria-label={t('audit.title')}
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a table wider than a phone scrolls here: the keyboard reaches it
      tabIndex={0}
    >
      <table className={styles.table}>
        <caption className={styles.caption}>{t('audit.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.who')}</th>
            <th scope="col">{t('audit.action')}</th>
            <th scope="col">{t('audit.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {audit.data.map((entry, index) => (
            <tr key={`${entry.at}-${index}`}>
              <td className={styles.nowrap}>{formatDate(entry.at)}</td>
              <td>{entry.actor.name}</td>
              <td>{t(ACTION_KEYS[entry.action])}</td>
              <td>{entry.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The team for its owner and admins: seats, members, invitations and (the owner's) audit log. */
export function TeamManage({ summary, client }: { summary: TeamSummary; client: ApiClient }) {
  const t = useStrings(accountStrings);
  const owner = summary.role === 'owner';
  const detail = useApiData(client.team.get, { params: { id: summary.id } });
  const audit = useApiData(client.team.audit, owner ? { params: { id: summary.id } } : null);
  // A change answers the team as it now is; an invitation or a revocation reads it again.
  const [changed, setChanged] = useState<TeamDetail | null>(null);
  // A domain verified or removed changes what the join link admits: its card reads it again.
  const [domainChanges, setDomainChanges] = useState(0);
  if (detail.error) return <Alert tone="danger">{messageOf(detail.error, t('team.loadFailed'))}</Alert>;
  const team = changed ?? detail.data;
  if (!team) return <Spinner message={t('team.loadingTeam')} />;
  // Each change is a new line in the audit log.
  const update = (next: TeamDetail) => {
    setChanged(next);
    audit.reload();
  };
  const reload = () => {
    setChanged(null);
    detail.reload();
    audit.reload();
  };

  return (
    <>
      <Seats team={team} canChange={owner} client={client} onChanged={update} />
      <Members team={team} canChangeRoles={owner} client={client} onChanged={update} />
      <Card as="section" className={styles.card} aria-labelledby="team-invite">
        <h2 id="team-invite">{t('invite.title')}</h2>
        <p className={styles.muted}>{t('invite.lead', { days: TEAM_INVITATION_DAYS })}</p>
        <InviteForm teamId={team.id} client={client} onInvited={reload} />
      </Card>
      <TeamLearning teamId={team.id} client={client} />
      <Card as="section" className={styles.card} aria-labelledby="team-invitations">
        <h2 id="team-invitations">{t('pending.title')}</h2>
        <PendingInvitations team={team} client={client} onRevoked={reload} />
      </Card>
      <JoinLinkCard
        key={domainChanges}
        teamId={team.id}
        client={client}
        canManageDomains={owner}
        onChanged={audit.reload}
      />
      {owner ? (
        <DomainsCard
          teamId={team.id}
          client={client}
          onChanged={() => {
            setDomainChanges((n) => n + 1);
            audit.reload();
          }}
        />
      ) : null}
      {owner ? <SsoCard teamId={team.id} client={client} onChanged={audit.reload} /> : null}
      {owner ? <ScimCard teamId={team.id} client={client} onChanged={audit.reload} /> : null}
      {owner ? <ApiKeysCard teamId={team.id} client={client} /> : null}
      {owner ? (
        <Card as="section" className={styles.card} aria-labelledby="team-audit">
          <h2 id="team-audit">{t('audit.title')}</h2>
          <AuditLog audit={audit} />
        </Card>
      ) : null}
    </>
  );
}
