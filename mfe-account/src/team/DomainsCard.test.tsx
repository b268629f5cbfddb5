import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ssoDomainMessages,
  teamDomainRoutes,
  teamDomainTakenMessage,
  type TeamSsoDomain,
} from '@catalyst/contracts';
import { createApiClient } from '@catalyst/web-kit';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { DomainsCard } from './DomainsCard';

const TEAM_ID = '5b9a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const domain = (name: string, verified: boolean): TeamSsoDomain => ({
  domain: name,
  verified,
  record: { name: `_catalyst-verification.${name}`, value: 'catalyst-verification=0123abcd' },
});

function setup(domains: TeamSsoDomain[]) {
  const fake = fakeApi().on(teamDomainRoutes.listDomains, domains);
  const client = createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' });
  const onChanged = vi.fn();
  render(<DomainsCard teamId={TEAM_ID} client={client} onChanged={onChanged} />);
  return { fake, onChanged };
}

describe("the team owner's Domains card", () => {
  it('adds a domain, shows the TXT record to publish, and verifies it', async () => {
    const { fake, onChanged } = setup([]);
    expect(await screen.findByText('No domains yet.')).toBeTruthy();
    fake.on(teamDomainRoutes.addDomain, [domain('northwind.example', false)]);
    fireEvent.change(screen.getByLabelText('Add a domain'), { target: { value: 'northwind.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Not verified')).toBeTruthy();
    const list = screen.getByRole('list', { name: "The team's domains" });
    expect(within(list).getByText('_catalyst-verification.northwind.example')).toBeTruthy();
    expect(within(list).getByText('catalyst-verification=0123abcd')).toBeTruthy();
    expect(fake.callsTo(teamDomainRoutes.addDomain).map((call) => call.body)).toEqual([
      { domain: 'northwind.example' },
    ]);

    fake.on(teamDomainRoutes.verifyDomain, failure(400, ssoDomainMessages.noRecord('northwind.example')));
    fireEvent.click(screen.getByRole('button', { name: 'Verify northwind.example' }));
    expect(await screen.findByText(ssoDomainMessages.noRecord('northwind.example'))).toBeTruthy();
    fake.on(teamDomainRoutes.verifyDomain, [domain('northwind.example', true)]);
    fireEvent.click(screen.getByRole('button', { name: 'Verify northwind.example' }));
    expect(await within(list).findByText('Verified')).toBeTruthy();
    expect(fake.callsTo(teamDomainRoutes.verifyDomain).at(-1)?.params).toEqual({
      id: TEAM_ID,
      domain: 'northwind.example',
    });
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it("removes a domain, and shows a refusal in the server's words", async () => {
    const { fake } = setup([domain('northwind.example', true)]);
    fake.on(teamDomainRoutes.removeDomain, []);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove northwind.example' }));
    expect(await screen.findByText('No domains yet.')).toBeTruthy();

    fake.on(teamDomainRoutes.addDomain, failure(409, teamDomainTakenMessage('contoso.example')));
    fireEvent.change(screen.getByLabelText('Add a domain'), { target: { value: 'contoso.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(teamDomainTakenMessage('contoso.example'));
  });
});
