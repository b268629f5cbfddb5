import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  samlCertificateMessages,
  ssoDomainMessages,
  teamSsoDomainTakenMessage,
  teamSsoRoutes,
  type TeamSsoDomain,
  type TeamSsoSettings,
} from '@catalyst/contracts';
import { createApiClient } from '@catalyst/web-kit';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { SsoCard } from './SsoCard';

const TEAM_ID = '5b9a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const TOKEN_VALUE = 'catalyst-verification=0123456789abcdef0123456789abcdef';
const domain = (name: string, verified: boolean): TeamSsoDomain => ({
  domain: name,
  verified,
  record: { name: `_catalyst-verification.${name}`, value: TOKEN_VALUE },
});
const SAVED: Extract<TeamSsoSettings, { protocol: 'oidc' }> = {
  protocol: 'oidc',
  issuer: 'https://login.northwind.example',
  clientId: 'catalyst',
  clientSecretSet: true,
  domains: [domain('northwind.example', true)],
  required: false,
};

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

function setup(current: TeamSsoSettings | null) {
  const fake = fakeApi().on(teamSsoRoutes.getSso, current);
  const client = createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' });
  const onChanged = vi.fn();
  render(<SsoCard teamId={TEAM_ID} client={client} onChanged={onChanged} />);
  return { fake, onChanged };
}

describe("the team owner's single sign-on card", () => {
  it('saves the issuer, client, secret, domains and the requirement', async () => {
    const { fake, onChanged } = setup(null);
    fake.on(teamSsoRoutes.putSso, {
      ...SAVED,
      domains: [domain('northwind.example', true), domain('northwind.test', false)],
      required: true,
    });
    fireEvent.change(await screen.findByLabelText('Issuer URL'), { target: { value: SAVED.issuer } });
    fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: 'catalyst' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 's3cret' } });
    fireEvent.change(screen.getByLabelText('E-mail domains'), {
      target: { value: 'northwind.example, northwind.test' },
    });
    fireEvent.click(screen.getByLabelText(/Require single sign-on/));
    fireEvent.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    expect(await screen.findByText('Single sign-on saved.')).toBeTruthy();
    expect(fake.callsTo(teamSsoRoutes.putSso)[0]!.body).toEqual({
      protocol: 'oidc',
      issuer: SAVED.issuer,
      clientId: 'catalyst',
      clientSecret: 's3cret',
      domains: ['northwind.example', 'northwind.test'],
      required: true,
    });
    expect(onChanged).toHaveBeenCalled();
    // The secret is never shown again; the field says one is kept.
    expect((screen.getByLabelText('Client secret') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('A secret is kept. Leave this empty to keep it.')).toBeTruthy();
  });

  it('keeps the saved secret when the field is left empty, and shows a refusal under its field', async () => {
    const { fake } = setup(SAVED);
    fake.on(teamSsoRoutes.putSso, failure(409, teamSsoDomainTakenMessage('northwind.example')));
    expect(((await screen.findByLabelText('Issuer URL')) as HTMLInputElement).value).toBe(SAVED.issuer);
    fireEvent.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    expect(await screen.findByText(teamSsoDomainTakenMessage('northwind.example'))).toBeTruthy();
    expect(fake.callsTo(teamSsoRoutes.putSso)[0]!.body).not.toHaveProperty('clientSecret');
  });

  it('removes single sign-on', async () => {
    const { fake } = setup(SAVED);
    fake.on(teamSsoRoutes.deleteSso, { removed: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove single sign-on' }));
    await waitFor(() => expect(fake.callsTo(teamSsoRoutes.deleteSso)).toHaveLength(1));
    expect(await screen.findByText('Single sign-on removed.')).toBeTruthy();
    expect((screen.getByLabelText('Issuer URL') as HTMLInputElement).value).toBe('');
  });

  it('shows each domain with its state, and the TXT record to publish for an unverified one', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    setup({ ...SAVED, domains: [domain('northwind.example', true), domain('northwind.test', false)] });
    const list = await screen.findByRole('list', { name: 'Single sign-on domains' });
    const [verified, unverified] = within(list).getAllByRole('listitem');
    expect(within(verified!).getByText('Verified')).toBeTruthy();
    expect(within(verified!).queryByRole('button', { name: 'Verify northwind.example' })).toBeNull();
    expect(within(unverified!).getByText('Not verified')).toBeTruthy();
    expect(within(unverified!).getByText('_catalyst-verification.northwind.test')).toBeTruthy();
    expect(within(unverified!).getByText(TOKEN_VALUE)).toBeTruthy();
    fireEvent.click(
      within(unverified!).getByRole('button', { name: 'Copy the TXT value for northwind.test' }),
    );
    await waitFor(() => expect(within(unverified!).getByRole('status').textContent).toBe('Value copied'));
    expect(writeText).toHaveBeenCalledWith(TOKEN_VALUE);
  });

  it("verifies a domain, and shows the refusal's words when DNS does not prove it", async () => {
    const { fake } = setup({ ...SAVED, domains: [domain('northwind.test', false)] });
    fake.on(teamSsoRoutes.verifySsoDomain, failure(400, ssoDomainMessages.noRecord('northwind.test')));
    fireEvent.click(await screen.findByRole('button', { name: 'Verify northwind.test' }));
    expect(await screen.findByText(ssoDomainMessages.noRecord('northwind.test'))).toBeTruthy();
    expect(fake.callsTo(teamSsoRoutes.verifySsoDomain)[0]!.params).toEqual({
      id: TEAM_ID,
      domain: 'northwind.test',
    });

    fake.on(teamSsoRoutes.verifySsoDomain, { ...SAVED, domains: [domain('northwind.test', true)] });
    fireEvent.click(screen.getByRole('button', { name: 'Verify northwind.test' }));
    expect(await screen.findByText('Verified')).toBeTruthy();
    expect(screen.queryByText(ssoDomainMessages.noRecord('northwind.test'))).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify northwind.test' })).toBeNull();
  });

  it('saves a SAML 2.0 IdP, showing the values to give it, and shows a refused certificate under its field', async () => {
    const { fake } = setup(null);
    fireEvent.click(await screen.findByLabelText('SAML 2.0'));
    expect(screen.queryByLabelText('Client secret')).toBeNull();
    expect(screen.getByText('http://localhost:3000/api/v1/auth/sso/saml/acs')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Service provider metadata (XML)' }).getAttribute('href')).toBe(
      'http://localhost:3000/api/v1/auth/sso/saml/metadata',
    );
    fireEvent.change(screen.getByLabelText('Identity provider entity ID'), {
      target: { value: 'https://idp.northwind.example/saml' },
    });
    fireEvent.change(screen.getByLabelText('Single sign-on URL'), {
      target: { value: 'https://idp.northwind.example/sso' },
    });
    fireEvent.change(screen.getByLabelText('Signing certificate'), {
      target: { value: 'not a certificate' },
    });
    fireEvent.change(screen.getByLabelText('E-mail domains'), { target: { value: 'northwind.example' } });
    fake.on(
      teamSsoRoutes.putSso,
      failure(400, samlCertificateMessages.unreadable, [
        { field: 'certificate', message: samlCertificateMessages.unreadable },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    const refusal = await screen.findByText(samlCertificateMessages.unreadable);
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(fake.callsTo(teamSsoRoutes.putSso)[0]!.body).toEqual({
      protocol: 'saml',
      entityId: 'https://idp.northwind.example/saml',
      ssoUrl: 'https://idp.northwind.example/sso',
      certificate: 'not a certificate',
      domains: ['northwind.example'],
      required: false,
    });
  });

  it("fills the SAML fields from the IdP's pasted metadata", async () => {
    setup(null);
    fireEvent.click(await screen.findByLabelText('SAML 2.0'));
    const pasted = screen.getByLabelText(/Identity provider metadata/);
    fireEvent.change(pasted, { target: { value: '<EntityDescriptor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill in from metadata' }));
    expect(screen.getByRole('alert').textContent).toBe('The metadata is not XML.');
    fireEvent.change(pasted, {
      target: {
        value: `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"
          entityID="https://idp.northwind.example/saml"><IDPSSODescriptor><KeyDescriptor><ds:KeyInfo><ds:X509Data>
          <ds:X509Certificate>MIIBszCCAVmg</ds:X509Certificate></ds:X509Data></ds:KeyInfo></KeyDescriptor>
          <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"
            Location="https://idp.northwind.example/sso"/></IDPSSODescriptor></EntityDescriptor>`,
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Fill in from metadata' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Identity provider entity ID') as HTMLInputElement).value).toBe(
      'https://idp.northwind.example/saml',
    );
    expect((screen.getByLabelText('Single sign-on URL') as HTMLInputElement).value).toBe(
      'https://idp.northwind.example/sso',
    );
    expect((screen.getByLabelText('Signing certificate') as HTMLTextAreaElement).value).toContain(
      'MIIBszCCAVmg',
    );
  });
});
