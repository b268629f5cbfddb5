import { useState, type FormEvent } from 'react';
import type { TeamAuditEntry, TeamDetail, TeamMember, TeamSummary } from '@catalyst/contracts';
import { groupDigits } from '@catalyst/contracts/no-intl';
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
  type ApiClient,
  type ApiData,
} from '@catalyst/web-kit';
import { formErrorOf, type FormError } from '../billing/formError';
import { InviteForm } from './InviteForm';
import { TeamLearning } from './TeamLearning';
import { SsoCard } from './SsoCard';
import { ScimCard } from './ScimCard';
import { ApiKeysCard } from './ApiKeysCard';
import { DomainsCard } from './DomainsCard';
import { JoinLinkCard } from './JoinLinkCard';
import { messageOf } from './JoinTeam';
import styles from './Team.module.css';

const ROLE_TEXT: Record<TeamMember['role'], string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };
const ACTION_TEXT: Record<TeamAuditEntry['action'], string> = {
  checkout: 'Bought the team plan',
  seats_changed: 'Changed seats',
  invited: 'Invited',
  invitation_revoked: 'Revoked an invitation',
  joined: 'Joined',
  removed: 'Removed a member',
  sso_changed: 'Set single sign-on',
  sso_removed: 'Removed single sign-on',
  sso_domain_verified: 'Verified a single sign-on domain',
  role_changed: 'Changed a role',
  assigned: 'Assigned learning',
  assignment_removed: 'Withdrew an assignment',
  scim_token_created: 'Made a directory sync token',
  scim_token_revoked: 'Revoked the directory sync token',
  group_created: 'Made a group',
  group_changed: 'Changed a group',
  group_deleted: 'Deleted a group',
  domain_added: 'Added a domain',
  domain_verified: 'Verified a domain',
  domain_removed: 'Removed a domain',
  join_link_on: 'Turned the join link on',
  join_link_renewed: 'Made a new join link',
  join_link_off: 'Turned the join link off',
};

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
      setNotice(`Your team now has ${groupDigits(changed.seats)} seats.`);
      onChanged(changed);
    } catch (err) {
      // every refusal here is about the number asked for (409: below the seats in use)
      setError({ field: 'seats', ...formErrorOf(err, 'The seats could not be changed. Please try again.') });
    }
    setBusy(false);
  }

  return (
    <Card as="section" className={styles.card} aria-labelledby="team-seats">
      <h2 id="team-seats">Seats</h2>
      <p className={styles.seats}>
        {groupDigits(team.seatsUsed)} of {groupDigits(team.seats)} seats used
      </p>
      <p className={styles.muted}>
        Billed {team.interval === 'month' ? 'monthly' : 'annually'}
        {team.renewsAt ? `; renews on ${formatDate(team.renewsAt, 'long')}` : ''}.
      </p>
      {team.status !== 'active' ? (
        <Alert tone="warning">
          {team.status === 'past_due'
            ? "The team's last payment failed. Its owner can update the card on the billing page."
            : "The team's subscription has ended."}
        </Alert>
      ) : null}
      {canChange ? (
        <form
          className={styles.inline}
          onSubmit={(event) => void change(event)}
          noValidate
          aria-label="Change seats"
        >
          <TextField
            label="Seats"
            type="number"
            inputMode="numeric"
            min={Math.max(TEAM_SEATS_MIN, team.seatsUsed)}
            max={TEAM_SEATS_MAX}
            step={1}
            value={seats}
            onChange={(event) => setSeats(event.target.value)}
            error={error?.message ?? null}
            hint="Prorated: you pay or are credited for the rest of the period."
          />
          <div>
            <Button type="submit" variant="secondary" loading={busy}>
              Change seats
            </Button>
          </div>
        </form>
      ) : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
    </Card>
  );
}

type AssignableRole = Exclude<TeamMember['role'], 'owner'>;
/** A role as a sentence names it: "Make Sam an admin". */
const ROLE_PHRASE: Record<AssignableRole, string> = { admin: 'an admin', member: 'a member' };
const ROLE_MEANS: Record<AssignableRole, string> = {
  admin:
    "Admins invite and remove members and see and assign the team's learning. Only you change seats and roles.",
  member: 'They keep their seat and their learning, and no longer manage the team.',
};
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
      setNotice(`${member.name} was removed from the team. Their seat is free.`);
    } catch (err) {
      setError(messageOf(err, 'The member could not be removed. Please try again.'));
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
      setNotice(`${member.name} is now ${ROLE_PHRASE[role]} of the team.`);
    } catch (err) {
      setError(messageOf(err, 'The role could not be changed. Please try again.'));
    }
    setBusy(false);
    setRoleChange(null);
  }

  return (
    <Card as="section" className={styles.card} aria-labelledby="team-members">
      <h2 id="team-members">Members</h2>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={styles.caption}>
            {groupDigits(team.members.length)} {team.members.length === 1 ? 'member' : 'members'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Seat</th>
              <th scope="col">Joined</th>
              <th scope="col">
                <span className="ck-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {team.members.map((member) => (
              <tr key={member.userId}>
                <th scope="row">{member.name}</th>
                <td>{member.email}</td>
                <td>{ROLE_TEXT[member.role]}</td>
                <td>Active</td>
                <td className={styles.nowrap}>{formatDate(member.joinedAt)}</td>
                <td>
                  {member.role === 'owner' ? null : (
                    <div className={styles.actions}>
                      {canChangeRoles ? (
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`Make ${member.name} ${ROLE_PHRASE[otherRole(member.role)]}`}
                          onClick={() => setRoleChange({ member, role: otherRole(member.role) })}
                        >
                          Make {otherRole(member.role)}
                        </Button>
                      ) : null}
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Remove ${member.name}`}
                        onClick={() => setLeaving(member)}
                      >
                        Remove
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
        title={leaving ? `Remove ${leaving.name} from ${team.name}?` : ''}
      >
        <p>
          Their seat is freed at once and their Premium from the team ends. Their progress, notes and
          certificates stay theirs.
        </p>
        <div className={styles.actions}>
          <Button variant="danger" loading={busy} onClick={() => leaving && void remove(leaving)}>
            Remove member
          </Button>
          <Button variant="secondary" onClick={() => setLeaving(null)}>
            Cancel
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={roleChange !== null}
        onClose={() => setRoleChange(null)}
        title={
          roleChange ? `Make ${roleChange.member.name} ${ROLE_PHRASE[roleChange.role]} of ${team.name}?` : ''
        }
      >
        <p>{roleChange ? ROLE_MEANS[roleChange.role] : null}</p>
        <div className={styles.actions}>
          <Button
            loading={busy}
            onClick={() => roleChange && void changeRole(roleChange.member, roleChange.role)}
          >
            {roleChange ? `Make ${roleChange.role}` : null}
          </Button>
          <Button variant="secondary" onClick={() => setRoleChange(null)}>
            Cancel
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
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function revoke(invitationId: string) {
    setBusy(invitationId);
    setError(null);
    try {
      await client.team.revokeInvitation({ params: { id: team.id, invitationId } });
      onRevoked();
    } catch (err) {
      setError(messageOf(err, 'The invitation could not be revoked. Please try again.'));
    }
    setBusy(null);
  }

  if (team.invitations.length === 0) return <p className={styles.muted}>No invitations are waiting.</p>;
  return (
    <>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={styles.caption}>Pending invitations</caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Invited</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span className="ck-visually-hidden">Actions</span>
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
                    aria-label={`Revoke the invitation to ${invitation.email}`}
                    onClick={() => void revoke(invitation.id)}
                  >
                    Revoke
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
  if (audit.error)
    return <Alert tone="danger">{messageOf(audit.error, 'The audit log could not be loaded.')}</Alert>;
  if (!audit.data) return <Spinner message="Loading the audit log..." />;
  if (audit.data.length === 0) return <p className={styles.muted}>Nothing has happened yet.</p>;
  return (
    <div
      className={styles.scroll}
      role="region"
      aria-label="Audit log"
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a table wider than a phone scrolls here: the keyboard reaches it
      tabIndex={0}
    >
      <table className={styles.table}>
        <caption className={styles.caption}>Audit log, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {audit.data.map((entry, index) => (
            <tr key={`${entry.at}-${index}`}>
              <td className={styles.nowrap}>{formatDate(entry.at)}</td>
              <td>{entry.actor.name}</td>
              <td>{ACTION_TEXT[entry.action]}</td>
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
  const owner = summary.role === 'owner';
  const detail = useApiData(client.team.get, { params: { id: summary.id } });
  const audit = useApiData(client.team.audit, owner ? { params: { id: summary.id } } : null);
  // A change answers the team as it now is; an invitation or a revocation reads it again.
  const [changed, setChanged] = useState<TeamDetail | null>(null);
  // A domain verified or removed changes what the join link admits: its card reads it again.
  const [domainChanges, setDomainChanges] = useState(0);
  if (detail.error)
    return <Alert tone="danger">{messageOf(detail.error, 'Your team could not be loaded.')}</Alert>;
  const team = changed ?? detail.data;
  if (!team) return <Spinner message="Loading your team..." />;
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
        <h2 id="team-invite">Invite people</h2>
        <p className={styles.muted}>
          Each address gets an e-mail with a link to join; it works for {TEAM_INVITATION_DAYS} days, for that
          address only.
        </p>
        <InviteForm teamId={team.id} client={client} onInvited={reload} />
      </Card>
      <TeamLearning teamId={team.id} client={client} />
      <Card as="section" className={styles.card} aria-labelledby="team-invitations">
        <h2 id="team-invitations">Pending invitations</h2>
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
          <h2 id="team-audit">Audit log</h2>
          <AuditLog audit={audit} />
        </Card>
      ) : null}
    </>
  );
}
