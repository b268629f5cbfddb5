import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { authSsoRoutes, teamSsoMessages } from '@catalyst/contracts';
import { createApiClient, createSessionStore } from '@catalyst/web-kit';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { SsoOffer } from './SsoOffer';

function setup() {
  const fake = fakeApi();
  fake.on(authSsoRoutes.ssoLookup, ({ query }) =>
    query.get('email')?.endsWith('@northwind.example') ? { teamName: 'Northwind' } : null,
  );
  const client = createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' });
  const sessionStore = createSessionStore({ api: client });
  const navigate = vi.fn();
  function Field() {
    const [email, setEmail] = useState('');
    return (
      <>
        <label>
          Email
          <input value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <SsoOffer email={email} client={client} sessionStore={sessionStore} navigate={navigate} />
      </>
    );
  }
  render(<Field />);
  const type = (value: string) => fireEvent.change(screen.getByLabelText('Email'), { target: { value } });
  return { fake, navigate, type };
}

describe('single sign-on in the sign-in dialog', () => {
  it('asks once typing pauses on an address, and offers single sign-on for a team domain', async () => {
    const { fake, navigate, type } = setup();
    fake.on(authSsoRoutes.ssoStart, { url: 'https://login.northwind.example/authorize?state=s' });
    type('ann@north');
    type('ann@northwind.example');
    const button = await screen.findByRole('button', { name: teamSsoMessages.continueWithSso });
    expect(screen.getByText('Northwind signs in with single sign-on.')).toBeTruthy();
    expect(fake.callsTo(authSsoRoutes.ssoLookup)).toHaveLength(1);

    fireEvent.click(button);
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('https://login.northwind.example/authorize?state=s'),
    );
    expect(fake.callsTo(authSsoRoutes.ssoStart)[0]!.body).toEqual({
      email: 'ann@northwind.example',
      returnTo: '/',
    });
    // Back from the provider, the page restores the sign-in from its cookie.
    expect(localStorage.getItem('catalyst-remembered')).toBe('1');
  });

  it('offers nothing for an address no team signs in', async () => {
    const { fake, type } = setup();
    type('someone@elsewhere.example');
    await waitFor(() => expect(fake.callsTo(authSsoRoutes.ssoLookup)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: teamSsoMessages.continueWithSso })).toBeNull();
  });

  it("shows the server's words when single sign-on cannot start", async () => {
    const { fake, navigate, type } = setup();
    fake.on(authSsoRoutes.ssoStart, failure(404, teamSsoMessages.notSet));
    type('ann@northwind.example');
    fireEvent.click(await screen.findByRole('button', { name: teamSsoMessages.continueWithSso }));
    expect(await screen.findByText(teamSsoMessages.notSet)).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });
});
