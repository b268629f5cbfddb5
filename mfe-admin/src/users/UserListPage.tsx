import { useState, type ReactNode } from 'react';
import type { AdminUser, Page } from '@catalyst/contracts';
import { Ban, LockOpen, RefreshCw, ShieldX } from '@catalyst/web-kit/icons';
import { api, Badge, formatDate, pageCount, Pager, useSession } from '@catalyst/web-kit';
import styles from '../common/Admin.module.css';
import { AdminListView } from '../common/AdminListView';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { formatDateTime } from '../common/formatDateTime';
import { SelectField } from '../common/FormControls';
import { ListSearch } from '../common/ListSearch';
import { useAdminList } from '../common/useAdminList';
import { UsersNav } from './UsersNav';
import own from './Users.module.css';

export const USERS_PAGE_SIZE = 20;
const pickRows = (data: unknown) => (data as Page<AdminUser>).items;

const ROLE_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'user', label: 'Learner' },
  { value: 'creator', label: 'Creator' },
  { value: 'admin', label: 'Admin' },
];
const VERIFIED_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'verified', label: 'Verified' },
  { value: 'unverified', label: 'Not verified' },
];
const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];

type Action = 'resendVerification' | 'revokeSessions' | 'deactivate' | 'reactivate';

/** What each action is called, where it fails, and (for the ones that end sessions) what it asks first. */
const ACTIONS: Record<Action, { label: string; failure: string; confirm?: (user: AdminUser) => string }> = {
  resendVerification: { label: 'Resend verification', failure: 'Failed to resend the verification e-mail' },
  revokeSessions: {
    label: 'Revoke sessions',
    failure: 'Failed to revoke sessions',
    confirm: (user) =>
      `Sign ${user.name} (${user.email}) out everywhere? Every session and remembered sign-in of this account ends.`,
  },
  deactivate: {
    label: 'Deactivate',
    failure: 'Failed to deactivate the account',
    confirm: (user) =>
      `Deactivate ${user.name} (${user.email})? Their sessions end and they cannot sign in until reactivated.`,
  },
  reactivate: { label: 'Reactivate', failure: 'Failed to reactivate the account' },
};

const planLabel = (plan: AdminUser['plan']) =>
  plan === 'premium' ? 'Premium' : plan === 'free' ? 'Free' : 'Unknown';

/**
 * /admin/users: every account, newest first, found by name or e-mail and filtered by role, verification
 * and status; each row's actions (resend verification, revoke sessions, deactivate or reactivate) are
 * written to the audit log (its tab).
 */
export function UserListPage() {
  const { user: me } = useSession();
  const myId = me?._id ?? me?.id;
  const [searchText, setSearchText] = useState('');
  const [role, setRole] = useState('');
  const [verified, setVerified] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [toConfirm, setToConfirm] = useState<{ user: AdminUser; action: Action } | null>(null);

  const list = useAdminList<AdminUser>({
    read: api.adminUser.list,
    input: {
      query: {
        search: searchText || undefined,
        role: role || undefined,
        verified: verified || undefined,
        status: status || undefined,
        page,
        limit: USERS_PAGE_SIZE,
      },
    },
    pick: pickRows,
  });
  const answer = list.data as Page<AdminUser> | undefined;
  const filtered = searchText !== '' || role !== '' || verified !== '' || status !== '';

  const run = (user: AdminUser, action: Action) =>
    list.change(
      user,
      async () => {
        const result = await api.adminUser[action].request({ params: { userId: user._id } });
        if (result.message) list.showFlash(result.message);
        return result;
      },
      ACTIONS[action].failure,
    );

  const ask = (user: AdminUser, action: Action) => {
    list.dismissFlash();
    if (ACTIONS[action].confirm) setToConfirm({ user, action });
    else void run(user, action);
  };

  const confirm = async () => {
    if (!toConfirm) return;
    await run(toConfirm.user, toConfirm.action);
    setToConfirm(null);
  };

  const filter = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    setPage(1);
  };

  const toolbar = (
    <div className={own.toolbar}>
      <UsersNav />
      <div className={own.filters}>
        <ListSearch
          label="Users"
          fieldLabel="Search by name or e-mail"
          onSearch={(text) => {
            setSearchText(text);
            setPage(1);
          }}
        />
        <SelectField
          label="Role"
          name="role"
          value={role}
          options={ROLE_OPTIONS}
          onChange={filter(setRole)}
        />
        <SelectField
          label="Verified"
          name="verified"
          value={verified}
          options={VERIFIED_OPTIONS}
          onChange={filter(setVerified)}
        />
        <SelectField
          label="Status"
          name="status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={filter(setStatus)}
        />
      </div>
    </div>
  );

  const actionButton = (user: AdminUser, action: Action, icon: ReactNode, danger = false) => (
    <button
      type="button"
      className={danger ? `${styles.iconButton} ${styles.danger}` : styles.iconButton}
      onClick={() => ask(user, action)}
      disabled={list.isBusy(user._id)}
      aria-label={`${ACTIONS[action].label}: ${user.name} (${user.email})`}
      aria-haspopup={ACTIONS[action].confirm ? 'dialog' : undefined}
      title={ACTIONS[action].label}
    >
      {icon}
      <span>{ACTIONS[action].label}</span>
    </button>
  );
  const iconProps = { size: 16, 'aria-hidden': true, focusable: false } as const;

  const footer = (
    <>
      <Pager label="User pages" page={page} pages={pageCount(answer)} onPage={setPage} />
      <ConfirmDialog
        open={toConfirm !== null}
        title={toConfirm ? ACTIONS[toConfirm.action].label : ''}
        message={toConfirm ? (ACTIONS[toConfirm.action].confirm?.(toConfirm.user) ?? '') : ''}
        confirmLabel={toConfirm ? ACTIONS[toConfirm.action].label : ''}
        busy={toConfirm !== null && list.isBusy(toConfirm.user._id)}
        onConfirm={() => void confirm()}
        onCancel={() => setToConfirm(null)}
      />
    </>
  );

  return (
    <AdminListView
      list={list}
      title="Users"
      subtitle="Every account, newest first. Actions on an account are recorded in the audit log."
      loadingMessage="Loading users..."
      loadFailure="Failed to load users"
      emptyMessage={filtered ? 'No users match this search.' : 'No users yet.'}
      toolbar={toolbar}
      footer={footer}
      rowTestId="user-row"
      columns={[
        { label: 'Name', cell: (user) => user.name },
        { label: 'E-mail', cell: (user) => <span className={own.email}>{user.email}</span> },
        { label: 'Role', cell: (user) => (user.role === 'admin' ? 'Admin' : 'Learner') },
        {
          label: 'Verified',
          cell: (user) =>
            user.emailVerified ? (
              <Badge tone="success">Verified</Badge>
            ) : (
              <Badge tone="warning">Not verified</Badge>
            ),
        },
        { label: 'Plan', cell: (user) => planLabel(user.plan) },
        {
          label: 'Status',
          cell: (user) =>
            user.deactivatedAt ? (
              <Badge tone="danger">Deactivated</Badge>
            ) : (
              <Badge tone="neutral">Active</Badge>
            ),
        },
        { label: 'Joined', cell: (user) => formatDate(user.createdAt), muted: true },
        {
          label: 'Last active',
          cell: (user) =>
            user.lastActiveAt ? (
              <time dateTime={user.lastActiveAt}>{formatDateTime(user.lastActiveAt)}</time>
            ) : (
              'Never'
            ),
          muted: true,
        },
        {
          label: 'Actions',
          cell: (user) => (
            <div className={own.actions}>
              {!user.emailVerified && !user.deactivatedAt
                ? actionButton(user, 'resendVerification', <RefreshCw {...iconProps} />)
                : null}
              {actionButton(user, 'revokeSessions', <ShieldX {...iconProps} />, true)}
              {user._id === myId
                ? null
                : user.deactivatedAt
                  ? actionButton(user, 'reactivate', <LockOpen {...iconProps} />)
                  : actionButton(user, 'deactivate', <Ban {...iconProps} />, true)}
            </div>
          ),
        },
      ]}
    />
  );
}
