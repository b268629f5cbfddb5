import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { creatorAccountRoutes, type CreatorAccounts } from '@catalyst/contracts';
import { fakeApi, failure } from '@catalyst/web-kit/testing';
import { CreatorAccountsCard } from './CreatorAccountsCard';

const CREATOR = 'b'.repeat(24);
const INVITATION = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'new@example.com',
  createdAt: '2026-12-06T10:00:00.000Z',
  expiresAt: '2026-12-13T10:00:00.000Z',
};
const LINKED = {
  userId: 'c'.repeat(24),
  name: 'Maya Chen',
  email: 'creator@catalyst.example',
  linkedAt: '2026-12-01T10:00:00.000Z',
};
const before: CreatorAccounts = { accounts: [LINKED], invitations: [] };

afterEach(() => vi.unstubAllGlobals());

describe("the creator form's Accounts card", () => {
  it('invites an address, then lists it as pending; revokes it and unlinks an account', async () => {
    const user = userEvent.setup();
    const api = fakeApi().on(creatorAccountRoutes.accounts, before);
    render(<CreatorAccountsCard creatorId={CREATOR} />);
    const linked = await screen.findByRole('list', { name: 'Linked accounts' });
    expect(within(linked).getByText(/Maya Chen \(creator@catalyst\.example\)/)).toBeTruthy();
    expect(screen.getByText('No pending invitations.')).toBeTruthy();

    api.on(creatorAccountRoutes.invite, INVITATION);
    api.on(creatorAccountRoutes.accounts, { ...before, invitations: [INVITATION] });
    await user.type(screen.getByLabelText('Invite by e-mail'), ' New@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeTruthy();
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('new@example.com')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'new@example.com' });

    api.on(creatorAccountRoutes.revoke, { id: INVITATION.id });
    api.on(creatorAccountRoutes.accounts, before);
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation of new@example.com' }));
    expect(await screen.findByText('Invitation of new@example.com revoked')).toBeTruthy();

    api.on(creatorAccountRoutes.unlink, { userId: LINKED.userId });
    api.on(creatorAccountRoutes.accounts, { accounts: [], invitations: [] });
    await user.click(screen.getByRole('button', { name: 'Unlink creator@catalyst.example' }));
    expect(await screen.findByText('No account signs in as this creator yet.')).toBeTruthy();
  });

  it('refuses an address that is not one before asking, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const api = fakeApi().on(creatorAccountRoutes.accounts, before);
    render(<CreatorAccountsCard creatorId={CREATOR} />);
    await user.type(await screen.findByLabelText('Invite by e-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    api.on(creatorAccountRoutes.unlink, failure(404, 'This account is not linked to the creator'));
    await user.click(screen.getByRole('button', { name: 'Unlink creator@catalyst.example' }));
    expect(await screen.findByText('This account is not linked to the creator')).toBeTruthy();
  });
});
