// A team's SAML 2.0 settings: the IdP's signing certificate is read with node:crypto when saved, and a team can
// switch between OpenID Connect and SAML keeping its domains; auth's internal answer carries what SAML needs.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  samlCertificateMessages,
  ssoVerificationRecordName,
  teamSsoMessages,
  type Identity,
} from '@catalyst/contracts';
import { startBillingWorld, type BillingWorld } from '../test-support';
import { makeTeam } from '../team-test-support';
import { startTestDnsServer, type TestDnsServer } from './test-dns-server';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const CERT = fixture('idp-cert.pem');
const EXPIRED_CERT = fixture('expired-idp-cert.pem');
const owner = {
  id: 'cccccdefabcdefabcdefabcd',
  role: 'user',
  email: 'owner@contoso.example',
  name: 'Connie Owner',
} as Identity;

let world: BillingWorld;
let dns: TestDnsServer;
let discovery: Server;
let issuer = '';
let teamId = '';

const saml = (changes: Record<string, unknown> = {}) => ({
  protocol: 'saml',
  entityId: 'https://idp.contoso.example/saml',
  ssoUrl: 'https://idp.contoso.example/saml/sso',
  certificate: CERT,
  domains: ['contoso.example'],
  required: true,
  ...changes,
});
const put = (body: Record<string, unknown>) => world.call('PUT', `/teams/${teamId}/sso`, { as: owner, body });

beforeAll(async () => {
  dns = await startTestDnsServer();
  discovery = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
      }),
    );
  });
  await new Promise<void>((resolve) => discovery.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(discovery.address() as AddressInfo).port}`;
  world = await startBillingWorld({ config: { SSO_ALLOW_LOOPBACK_HTTP: 'true', DNS_SERVERS: dns.server } });
  teamId = (await makeTeam(world, owner, { name: 'Contoso', seats: 3 })).id;
}, 120_000);

afterAll(async () => {
  await world?.close();
  await dns?.close();
  discovery?.closeAllConnections();
  await new Promise<void>((resolve) => (discovery ? discovery.close(() => resolve()) : resolve()));
});

describe('a team single sign-on over SAML 2.0', () => {
  it('refuses an unreadable or expired signing certificate, naming the problem, and saves nothing', async () => {
    const garbled = await put(saml({ certificate: 'MIIB-not-a-certificate' }));
    expect(garbled.status).toBe(400);
    expect(garbled.body).toMatchObject({
      success: false,
      message: samlCertificateMessages.unreadable,
      errors: [{ field: 'certificate', message: samlCertificateMessages.unreadable }],
    });
    const expired = await put(saml({ certificate: EXPIRED_CERT }));
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(samlCertificateMessages.expired('2021-01-01'));
    // in the owner's page's language, the date inside
    const german = await world.call('PUT', `/teams/${teamId}/sso`, {
      as: owner,
      body: saml({ certificate: EXPIRED_CERT }),
      headers: { 'accept-language': 'de' },
    });
    expect(german.body.errors).toEqual([
      {
        field: 'certificate',
        message:
          'Das Signaturzertifikat ist am 2021-01-01 abgelaufen. Füge das aktuelle Zertifikat des Identitätsanbieters ein.',
      },
    ]);
    const insecure = await put(saml({ ssoUrl: 'http://idp.contoso.example/sso' }));
    expect(insecure.status).toBe(400);
    expect(insecure.body.message).toBe(teamSsoMessages.samlSsoUrlNotHttps);
    expect((await world.call('GET', `/teams/${teamId}/sso`, { as: owner })).body.data).toBeNull();
  });

  it('saves the IdP, its certificate (also pasted without PEM lines) and the domains', async () => {
    const base64Only = CERT.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, ' ');
    const saved = await put(saml({ certificate: base64Only }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      protocol: 'saml',
      entityId: 'https://idp.contoso.example/saml',
      ssoUrl: 'https://idp.contoso.example/saml/sso',
      certificate: { pem: CERT, subject: 'CN=idp.northwind.example' },
      domains: [{ domain: 'contoso.example', verified: false }],
      required: true,
    });
    const record = saved.body.data.domains[0].record;
    expect(record.name).toBe(ssoVerificationRecordName('contoso.example'));
    dns.publish(record.name, record.value);
    expect(
      (await world.call('POST', `/teams/${teamId}/sso/domains/contoso.example/verify`, { as: owner })).status,
    ).toBe(200);
    const forAuth = await world.internal('/internal/teams/sso?domain=contoso.example');
    expect(forAuth.body.data).toEqual({
      teamId,
      teamName: 'Contoso',
      required: true,
      protocol: 'saml',
      entityId: 'https://idp.contoso.example/saml',
      ssoUrl: 'https://idp.contoso.example/saml/sso',
      certificate: CERT,
    });
  });

  it('switches to OpenID Connect and back, keeping the verified domains; OIDC then needs its secret', async () => {
    const noSecret = await put({
      issuer,
      clientId: 'catalyst',
      domains: ['contoso.example'],
      required: true,
    });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.message).toBe(teamSsoMessages.clientSecretMissing);

    const oidc = await put({
      protocol: 'oidc',
      issuer,
      clientId: 'catalyst',
      clientSecret: 'a-secret',
      domains: ['contoso.example'],
      required: true,
    });
    expect(oidc.status, JSON.stringify(oidc.body)).toBe(200);
    expect(oidc.body.data).toMatchObject({ protocol: 'oidc', issuer, clientSecretSet: true });
    expect(oidc.body.data.domains[0].verified).toBe(true);
    const forAuth = await world.internal('/internal/teams/sso?domain=contoso.example');
    expect(forAuth.body.data).toMatchObject({ protocol: 'oidc', issuer, clientSecret: 'a-secret' });

    const back = await put(saml());
    expect(back.body.data).toMatchObject({ protocol: 'saml', domains: [{ verified: true }] });
    const stored = await world.db.selectFrom('team_sso').selectAll().executeTakeFirstOrThrow();
    // Nothing of the OpenID client is kept once the team speaks SAML.
    expect(stored).toMatchObject({ protocol: 'saml', client_id: '', client_secret_encrypted: '' });
    const audit = await world.call('GET', `/teams/${teamId}/audit`, { as: owner });
    expect(audit.body.data[0]).toMatchObject({ action: 'sso_changed' });
    expect(audit.body.data[0].detail).toContain('(SAML)');
  });
});
