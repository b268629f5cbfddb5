import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { teamMessages, teamScimTokenRoutes, type TeamScimStatus } from '@catalyst/contracts';
import { createApiClient } from '@catalyst/web-kit';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { ScimCard } from './ScimCard';

const TEAM_ID = '5b9a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const BASE = 'https://catalyst.example/api/v1/scim/v2';
const NONE: TeamScimStatus = { enabled: false, baseUrl: BASE, createdAt: null, lastUsedAt: null };

function setup(current: TeamScimStatus) {
  const fake = fakeApi().on(teamScimTokenRoutes.getScimToken, current);
  const client = createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' });
  const onChanged = vi.fn();
  render(<ScimCard teamId={TEAM_ID} client={client} onChanged={onChanged} />);
  return { fake, onChanged };
}

describe("the team owner's directory sync card", () => {
  it('shows the base URL, makes a token and shows it once, then revokes it', async () => {
    const { fake, onChanged } = setup(NONE);
    expect(await screen.findByText(BASE)).toBeTruthy();
    fake.on(teamScimTokenRoutes.createScimToken, {
      token: 'scim_secret_value',
      baseUrl: BASE,
      createdAt: '2026-12-06T04:00:00.000Z',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('scim_secret_value')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rotate token' })).toBeTruthy();
    expect(onChanged).toHaveBeenCalledTimes(1);

    fake.on(teamScimTokenRoutes.revokeScimToken, NONE);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('No token yet.')).toBeTruthy();
    expect(screen.queryByText('scim_secret_value')).toBeNull();
    expect(fake.callsTo(teamScimTokenRoutes.revokeScimToken)).toHaveLength(1);
  });

  it("shows the server's refusal in its words", async () => {
    const { fake } = setup({ ...NONE, enabled: true, createdAt: '2026-12-01T00:00:00.000Z' });
    fake.on(teamScimTokenRoutes.createScimToken, failure(403, teamMessages.ownerOnly));
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate token' }));
    expect(await screen.findByText(teamMessages.ownerOnly)).toBeTruthy();
  });
});
