import { useState, type ReactNode } from 'react';
import type { AdminUser, Page } from '@catalyst/contracts';
import { Ban, LockOpen, RefreshCw, ShieldX } from '@catalyst/web-kit/icons';
import { api, Badge, formatDate, pageCount, Pager, useSession, useStrings } from '@catalyst/web-kit';
import styles from '../common/Admin.module.css';
import { AdminListView } from '../common/AdminListView';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { formatDateTime } from '../common/formatDateTime';
import { SelectField } from '../common/FormControls';
import { ListSearch } from '../common/ListSearch';
import { useAdminList } from '../common/useAdminList';
import { adminStrings, type AdminKey } from '../i18n/en';
import { UsersNav } from './UsersNav';
import own from './Users.module.css';

export const USERS_PAGE_SIZE = 20;
const pickRows = (data: unknown) => (data as Page<AdminUser>).items;

type FilterOptions = ReadonlyArray<{ value: string; label: AdminKey }>;
const ROLE_OPTIONS: FilterOptions = [
  { value: '', label: 'users.all' },
  { value: 'user', label: 'users.learner' },
  { value: 'creator', label: 'users.creator' },
  { value: 'admin', label: 'users.admin' },
];
const VERIFIED_OPTIONS: FilterOptions = [
  { value: '', label: 'users.all' },
  { value: 'verified', label: 'users.verified' },
  { value: 'unverified', label: 'users.notVerified' },
];
const STATUS_OPTIONS: FilterOptions = [
  { value: '', label: 'users.all' },
  { value: 'active', label: 'users.active' },
  { value: 'deactivated', label: 'users.deactivated' },
];

type Action = 'resendVerification' | 'revokeSessions' | 'deactivate' | 'reactivate';

/** What each action is called, where it fails, and (for the ones that end sessions) what it asks first. */
const ACTIONS: Record<Action, { label: AdminKey; failure: AdminKey; confirm?: AdminKey }> = {
  resendVerification: { label: 'users.resendVerification', failure: 'users.resendFailed' },
  revokeSessions: {
    label: 'users.revokeSessions',
    failure: 'users.revokeFailed',
    confirm: 'users.revokeConfirm',
  },
  deactivate: {
    label: 'users.deactivate',
    failure: 'users.deactivateFailed',
    confirm: 'users.deactivateConfirm',
  },
  reactivate: { label: 'users.reactivate', failure: 'users.reactivateFailed' },
};

const planLabel = (plan: AdminUser['plan']): AdminKey =>
  plan === 'premium' ? 'users.premium' : plan === 'free' ? 'users.free' : 'users.unknown';

/**
 * /admin/users: every account, newest first, found by name or e-mail and filtered by role, verification
 * and status; each row's actions (resend verification, revoke sessions, deactivate or reactivate) are
 * written to the audit log (its tab).
 */
export function UserListPage() {
  const t = useStrings(adminStrings);
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
      t(ACTIONS[action].failure),
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
          label={t('users.users')}
          fieldLabel={t('users.search')}
          onSearch={(text) => {
            setSearchText(text);
            setPage(1);
          }}
        />
        <SelectField
          label={t('users.role')}
          name="role"
          value={role}
          options={ROLE_OPTIONS.map(({ value, label }) => ({ value, label: t(label) }))}
          onChange={filter(setRole)}
        />
        <SelectField
          label={t('users.verified')}
          name="verified"
          value={verified}
          options={VERIFIED_OPTIONS.map(({ value, label }) => ({ value, label: t(label) }))}
          onChange={filter(setVerified)}
        />
        <SelectField
          label={t('common.status')}
          name="status"
          value={status}
          options={STATUS_OPTIONS.map(({ value, label }) => ({ value, label: t(label) }))}
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
      aria-label={t('users.actionOn', {
        action: t(ACTIONS[action].label),
        name: user.name,
        email: user.email,
      })}
      aria-haspopup={ACTIONS[action].confirm ? 'dialog' : undefined}
      title={t(ACTIONS[action].label)}
    >
      {icon}
      <span>{t(ACTIONS[action].label)}</span>
    </button>
  );
  const iconProps = { size: 16, 'aria-hidden': true, focusable: false } as const;

  const confirmKey = toConfirm ? ACTIONS[toConfirm.action].confirm : undefined;
  const confirmQuestion =
    toConfirm && confirmKey ? t(confirmKey, { name: toConfirm.user.name, email: toConfirm.user.email }) : '';

  const footer = (
    <>
      <Pager label={t('users.pages')} page={page} pages={pageCount(answer)} onPage={setPage} />
      <ConfirmDialog
        open={toConfirm !== null}
        title={toConfirm ? t(ACTIONS[toConfirm.action].label) : ''}
        message={confirmQuestion}
        confirmLabel={toConfirm ? t(ACTIONS[toConfirm.action].label) : ''}
        busy={toConfirm !== null && list.isBusy(toConfirm.user._id)}
        onConfirm={() => void confirm()}
        onCancel={() => setToConfirm(null)}
      />
    </>
  );

  return (
    <AdminListView
      list={list}
      title={t('users.users')}
      subtitle={t('users.subtitle')}
      loadingMessage={t('users.loading')}
      loadFailure={t('users.loadFailed')}
      emptyMessage={t(filtered ? 'users.noMatch' : 'users.empty')}
      toolbar={toolbar}
      footer={footer}
      rowTestId="user-row"
      columns={[
        { label: t('common.name'), cell: (user) => user.name },
        { label: t('users.email'), cell: (user) => <span className={own.email}>{user.email}</span> },
        {
          label: t('users.role'),
          cell: (user) => t(user.role === 'admin' ? 'users.admin' : 'users.learner'),
        },
        {
          label: t('users.verified'),
          cell: (user) =>
            user.emailVerified ? (
              <Badge tone="success">{t('users.verified')}</Badge>
            ) : (
              <Badge tone="warning">{t('users.notVerified')}</Badge>
            ),
        },
        { label: t('users.plan'), cell: (user) => t(planLabel(user.plan)) },
        {
          label: t('common.status'),
          cell: (user) =>
            user.deactivatedAt ? (
              <Badge tone="danger">{t('users.deactivated')}</Badge>
            ) : (
              <Badge tone="neutral">{t('users.active')}</Badge>
            ),
        },
        { label: t('users.joined'), cell: (user) => formatDate(user.createdAt), muted: true },
        {
          label: t('users.lastActive'),
          cell: (user) =>
            user.lastActiveAt ? (
              <time dateTime={user.lastActiveAt}>{formatDateTime(user.lastActiveAt)}</time>
            ) : (
              t('users.never')
            ),
          muted: true,
        },
        {
          label: t('common.actions'),
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
