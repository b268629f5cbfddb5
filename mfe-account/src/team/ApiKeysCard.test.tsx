import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiKeyMessages, teamApiKeyRoutes, type ApiKey } from '@catalyst/contracts';
import { createApiClient } from '@catalyst/web-kit';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { ApiKeysCard } from './ApiKeysCard';

const TEAM_ID = '5b9a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const SECRET = `cat_live_${'Q'.repeat(43)}`;
const key = (extra: Partial<ApiKey> = {}): ApiKey => ({
  id: '11111111-2222-4333-8444-555555555555',
  name: 'HR sync',
  prefix: 'cat_live_QQQQ',
  scopes: ['members:read'],
  teamId: TEAM_ID,
  createdBy: { id: 'a'.repeat(24), name: 'Olive Owner' },
  createdAt: '2026-12-06T10:00:00.000Z',
  expiresAt: '2027-03-06T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

function setup(items: ApiKey[]) {
  const fake = fakeApi().on(teamApiKeyRoutes.listTeamApiKeys, () => ({ items }));
  render(
    <ApiKeysCard teamId={TEAM_ID} client={createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' })} />,
  );
  return fake;
}

describe("the team owner's API keys card", () => {
  it('makes a key with its scopes and expiry, shows it once with Copy and a warning, then lists it', async () => {
    const items: ApiKey[] = [];
    const fake = setup(items);
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
    fake.on(teamApiKeyRoutes.createTeamApiKey, () => {
      items.push(key());
      return { key: key(), secret: SECRET };
    });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });

    const create = screen.getByRole('button', { name: 'Create key' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'HR sync' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /members:read/ }));
    fireEvent.change(screen.getByRole('combobox', { name: /Expires/ }), { target: { value: '365' } });
    fireEvent.click(create);

    expect((await screen.findByTestId('api-key-secret')).textContent).toBe(SECRET);
    expect(screen.getByText(apiKeyMessages.shownOnce)).toBeTruthy();
    expect(fake.callsTo(teamApiKeyRoutes.createTeamApiKey)[0]!.body).toEqual({
      name: 'HR sync',
      scopes: ['members:read'],
      expiresInDays: 365,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(SECRET);

    const row = (await screen.findByText('cat_live_QQQQ…')).closest('tr')!;
    expect(within(row).getByText('Never used')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
  });

  it('revokes a key only once confirmed, and shows a refusal in its words', async () => {
    const items = [key()];
    const fake = setup(items);
    fake.on(teamApiKeyRoutes.revokeTeamApiKey, () => {
      items[0] = key({ revokedAt: '2026-12-06T11:00:00.000Z' });
      return items[0];
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke HR sync' }));
    expect(fake.callsTo(teamApiKeyRoutes.revokeTeamApiKey)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke now' }));
    expect(await screen.findByText(/^Revoked /)).toBeTruthy();
    expect(fake.callsTo(teamApiKeyRoutes.revokeTeamApiKey)).toHaveLength(1);

    fake.on(teamApiKeyRoutes.createTeamApiKey, failure(403, 'Only the team owner can do this'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /catalog:read/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Only the team owner can do this')).toBeTruthy();
  });
});
