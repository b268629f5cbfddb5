/**
 * A team's join link through the gateway: a made-again link's old token admits nobody; one team's link never
 * seats anyone into another team, nor admits an address at another team's verified domain; an unverified
 * address is refused. Northwind's and a rival team's domains are written verified, as DNS verification leaves them,
 * and Northwind is given one free seat for the run (other areas may have filled it), its seats restored after.
 */
import {
  demoTeam,
  joinLinkMessages,
  type SessionResponse,
  type TeamJoinLink,
  type TeamSummary,
} from '@catalyst/contracts';
import { dataOf, describe, type Suite } from './harness';

export async function teamJoinLinkAttacks(suite: Suite) {
  const stamp = Date.now();
  const signIn = async (email: string, password: string) =>
    dataOf(await suite.request<SessionResponse>('POST', '/auth/login', { body: { email, password } })).token;
  const owner = await signIn(demoTeam.owner.email, demoTeam.owner.password);
  const ours = `jl${stamp}.northwind.example`;
  const theirs = `jl${stamp}.rival.example`;
  /** Someone registered at `domain`, signed in afresh once their address is (or is not) verified. */
  const personAt = async (domain: string, verified = true) => {
    const account = await suite.registerAccount({
      email: `sec-${stamp}-${Math.random().toString(36).slice(2, 8)}@${domain}`,
    });
    if (verified)
      await suite.db.query('update auth.users set email_verified_at = now() where id = $1', [account.id]);
    return { ...account, token: await signIn(account.email, account.password) };
  };
  const seatOf = async (userId: string) =>
    (
      await suite.db.query<{ team_id: string }>(
        'select team_id from billing.team_members where user_id = $1',
        [userId],
      )
    ).rows[0]?.team_id;
  const linkPath = `/teams/${demoTeam.id}/join-link`;
  const tokenOf = (link: TeamJoinLink) => link.url?.split('/team/link/')[1] ?? '';
  const join = (token: string, as: string) =>
    suite.request<TeamSummary>('POST', `/teams/join-link/${token}/join`, { token: as });

  const rival = await suite.db.query<{ id: string }>(
    `insert into billing.teams (name, owner_user_id, interval, seats, status, stripe_customer_id,
       stripe_subscription_id, checkout_session_id)
     values ('Rival (join link)', $1, 'year', 3, 'active', 'cus_rival_jl', $2, $2) returning id`,
    ['1'.repeat(24), `sub_rival_jl_${stamp}`],
  );
  const rivalId = rival.rows[0]!.id;
  await suite.db.query(
    `insert into billing.team_sso_domains (team_id, domain, token, verified_at)
     values ($1, $2, 'security', now()), ($3, $4, 'security', now())`,
    [demoTeam.id, ours, rivalId, theirs],
  );
  // Other areas may have seated people in Northwind before this one: it gets one free seat while this runs.
  const { seats } = (
    await suite.db.query<{ seats: number }>('select seats from billing.teams where id = $1', [demoTeam.id])
  ).rows[0]!;
  await suite.db.query(
    `update billing.teams set seats = 1 +
       (select count(*) from billing.team_members where team_id = $1) +
       (select count(*) from billing.team_invitations
         where team_id = $1 and accepted_at is null and revoked_at is null and expires_at > now())
     where id = $1`,
    [demoTeam.id],
  );
  const joined: string[] = [];
  try {
    const first = tokenOf(dataOf(await suite.request<TeamJoinLink>('POST', linkPath, { token: owner })));
    const second = tokenOf(dataOf(await suite.request<TeamJoinLink>('POST', linkPath, { token: owner })));
    const ourPerson = await personAt(ours);
    const stale = await join(first, ourPerson.token);
    const stalePreview = await suite.request('GET', `/teams/join-link/${first}`);
    suite.check(
      'a join link made again: the old token neither shows the team nor seats anyone',
      stale.status === 404 &&
        stale.body?.message === joinLinkMessages.notFound &&
        stalePreview.status === 404 &&
        second !== first,
      `404 '${joinLinkMessages.notFound}'`,
      () => `${describe(stale)} / ${describe(stalePreview)}`,
    );

    const theirPerson = await personAt(theirs);
    const across = await join(second, theirPerson.token);
    suite.check(
      "one team's link never admits an address at another team's verified domain",
      across.status === 403 && (await seatOf(theirPerson.id)) === undefined,
      '403, no seat anywhere',
      () => describe(across),
    );

    const unverified = await personAt(ours, false);
    const notVerified = await join(second, unverified.token);
    suite.check(
      'the join link refuses an address that is not verified',
      notVerified.status === 403 && notVerified.body?.message === joinLinkMessages.emailNotVerified,
      `403 '${joinLinkMessages.emailNotVerified}'`,
      () => describe(notVerified),
    );

    const seated = await join(second, ourPerson.token);
    if (seated.status === 200) joined.push(ourPerson.id);
    suite.check(
      "a team's link seats into that team only",
      seated.status === 200 &&
        seated.body?.data?.id === demoTeam.id &&
        (await seatOf(ourPerson.id)) === demoTeam.id,
      `200 with a seat in ${demoTeam.name}`,
      () => describe(seated),
    );
  } finally {
    // The demo team stays as seeded: its seat freed, its link off, the domains and the rival gone.
    for (const userId of joined)
      await suite.request('DELETE', `/teams/${demoTeam.id}/members/${userId}`, { token: owner });
    await suite.request('DELETE', linkPath, { token: owner });
    await suite.db.query('update billing.teams set seats = $2 where id = $1', [demoTeam.id, seats]);
    await suite.db.query('delete from billing.team_sso_domains where domain in ($1, $2)', [ours, theirs]);
    await suite.db.query('delete from billing.teams where id = $1', [rivalId]);
  }
}
