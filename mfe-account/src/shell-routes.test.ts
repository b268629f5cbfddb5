import { describe, expect, it } from 'vitest';
import { CERTIFICATE_PREFIX, shellRoutes, TEAM_PREFIX } from './shell-routes';

const page = (path: string) => shellRoutes.pages.find((p) => p.path === path)!;
const readsOf = (path: string, pathname: string) =>
  (page(path).firstReads?.(pathname) ?? []).map(({ endpoint, input, signedIn }) => ({
    endpoint: endpoint.join('.'),
    input,
    signedIn: !!signedIn,
  }));

describe("the account's pages", () => {
  it('opens a certificate to anyone and starts its public read, by the code as written', () => {
    expect(page(CERTIFICATE_PREFIX)).toMatchObject({
      prefix: true,
      module: './CertificatePage',
      audience: 'anyone',
    });
    expect(readsOf(CERTIFICATE_PREFIX, '/certificates/k7m2q9xw4r/')).toEqual([
      { endpoint: 'certificate.get', input: { params: { code: 'k7m2q9xw4r' } }, signedIn: false },
    ]);
  });

  it('starts nothing for certificate addresses that are no page', () => {
    expect(readsOf(CERTIFICATE_PREFIX, '/certificates/')).toEqual([]);
    expect(readsOf(CERTIFICATE_PREFIX, '/certificates/K7M2Q9XW4R/credential')).toEqual([]);
    expect(readsOf(CERTIFICATE_PREFIX, '/certificates/%E0%A4%A')).toEqual([]);
  });

  it("opens an e-mail's unsubscribe link to anyone, reading nothing before the person confirms", () => {
    expect(page('/unsubscribe/')).toMatchObject({
      prefix: false,
      module: './UnsubscribePage',
      audience: 'anyone',
    });
    expect(readsOf('/unsubscribe/', '/unsubscribe')).toEqual([]);
  });

  it('keeps the learning record behind sign-in and starts its read with a session', () => {
    expect(page('/learning/')).toMatchObject({
      prefix: false,
      module: './LearningRecordPage',
      audience: 'signed-in',
    });
    expect(readsOf('/learning/', '/learning')).toEqual([
      { endpoint: 'learning.learningRecord', input: undefined, signedIn: true },
    ]);
  });

  it('keeps the saved list behind sign-in and starts its first page with a session', () => {
    expect(page('/saved/')).toMatchObject({ prefix: false, module: './SavedPage', audience: 'signed-in' });
    expect(readsOf('/saved/', '/saved')).toEqual([
      { endpoint: 'saved.list', input: undefined, signedIn: true },
    ]);
  });

  it('mounts buying and redeeming a gift under /gift/, behind sign-in', () => {
    expect(page('/gift/')).toEqual({
      path: '/gift/',
      prefix: true,
      module: './GiftRoutes',
      audience: 'signed-in',
    });
  });

  it('keeps the billing page behind sign-in and starts its account read with a session', () => {
    expect(page('/account/billing/')).toMatchObject({
      prefix: false,
      module: './BillingPage',
      audience: 'signed-in',
    });
    expect(readsOf('/account/billing/', '/account/billing')).toEqual([
      { endpoint: 'billingAccount.account', input: undefined, signedIn: true },
    ]);
  });

  it('keeps the account overview behind sign-in, a page of its own that reads nothing first', () => {
    expect(page('/account/')).toEqual({
      path: '/account/',
      prefix: false,
      module: './AccountPage',
      audience: 'signed-in',
    });
  });

  it('opens /team/ to anyone: the offer and an invitation show before signing in', () => {
    expect(page(TEAM_PREFIX)).toMatchObject({ prefix: true, module: './TeamRoutes', audience: 'anyone' });
    expect(readsOf(TEAM_PREFIX, '/team')).toEqual([
      { endpoint: 'team.mine', input: undefined, signedIn: true },
    ]);
    expect(readsOf(TEAM_PREFIX, '/team/join/tok_3F9a')).toEqual([
      { endpoint: 'team.invitation', input: { params: { token: 'tok_3F9a' } }, signedIn: false },
    ]);
    expect(readsOf(TEAM_PREFIX, '/team/link/tok_7Qx')).toEqual([
      { endpoint: 'teamJoinLink.joinLinkPreview', input: { params: { token: 'tok_7Qx' } }, signedIn: false },
    ]);
    // the checkout's return confirms first; other addresses are no page
    expect(page(TEAM_PREFIX).firstReads?.('/team', '?session_id=cs_1')).toEqual([]);
    expect(readsOf(TEAM_PREFIX, '/team/join')).toEqual([]);
    expect(readsOf(TEAM_PREFIX, '/team/link')).toEqual([]);
    expect(readsOf(TEAM_PREFIX, '/team/members')).toEqual([]);
  });

  it("reads an owner's team and audit log, an admin's team, once /teams/mine names it", () => {
    const then = page(TEAM_PREFIX).firstReads?.('/team')[0]?.then;
    const team = (role: string) => ({ team: { id: 't1', role } });
    const reads = (data: unknown) => (then?.(data) ?? []).map(({ endpoint }) => endpoint.join('.'));
    expect(reads(team('owner'))).toEqual(['team.get', 'team.audit']);
    expect(reads(team('admin'))).toEqual(['team.get']);
    expect(reads(team('member'))).toEqual([]);
    expect(reads({ team: null })).toEqual([]);
  });
});
