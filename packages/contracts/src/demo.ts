/**
 * Demo accounts of the architecture's fixed conventions. Their ids are fixed so that each service can
 * seed its own demo rows (a subscription, progress) against them without reading another's schema.
 */
export const demoAccounts = {
  admin: {
    id: '00000000000000000000a001',
    email: 'admin@catalyst.example',
    password: 'Admin-pass-1',
    name: 'Ada Admin',
    role: 'admin',
  },
  member: {
    id: '00000000000000000000a002',
    email: 'member@catalyst.example',
    password: 'Member-pass-1',
    name: 'Maya Member',
    role: 'user',
  },
  learner: {
    id: '00000000000000000000a003',
    email: 'learner@catalyst.example',
    password: 'Learner-pass-1',
    name: 'Leo Learner',
    role: 'user',
  },
} as const;

export type DemoAccountKey = keyof typeof demoAccounts;

/** A demo team member's sign-in: the team's members share one published password. */
interface DemoTeamAccount {
  id: string;
  email: string;
  password: string;
  name: string;
  role: 'user';
}

const northwindMember = (n: number, first: string, last: string): DemoTeamAccount => ({
  id: `00000000000000000000b${String(n).padStart(3, '0')}`,
  email: `${first.toLowerCase()}.${last.toLowerCase()}@northwind.example`,
  password: 'Northwind-pass-1',
  name: `${first} ${last}`,
  role: 'user',
});

/**
 * The demo team (Catalyst for Teams): Northwind, 10 seats billed annually, its owner and 8 members. Auth seeds
 * the accounts, billing the team and its seats, the payments sandbox its subscription, all with these ids.
 */
export const demoTeam = {
  id: '00000000-0000-4000-8000-00000000b000',
  name: 'Northwind',
  seats: 10,
  interval: 'year',
  customerId: 'cus_CatalystDemoNorthwind',
  subscriptionId: 'sub_CatalystDemoNorthwind',
  checkoutSessionId: 'cs_CatalystDemoNorthwind',
  owner: {
    id: '00000000000000000000b001',
    email: 'owner@northwind.example',
    password: 'Owner-pass-1',
    name: 'Olivia Owner',
    role: 'user',
  } satisfies DemoTeamAccount,
  members: [
    northwindMember(2, 'Nadia', 'Novak'),
    northwindMember(3, 'Omar', 'Okafor'),
    northwindMember(4, 'Priya', 'Patel'),
    northwindMember(5, 'Quinn', 'Quarles'),
    northwindMember(6, 'Rosa', 'Reyes'),
    northwindMember(7, 'Sven', 'Sorensen'),
    northwindMember(8, 'Tara', 'Tanaka'),
    northwindMember(9, 'Uma', 'Usman'),
  ],
} as const;

/** The demo team's period: from the first of this month (UTC) for a year, so the seeds agree without talking. */
export function demoTeamPeriod(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), 1));
  return { start, end };
}

/**
 * The demo creators' accounts (creator studio): each signs in as a creator linked to a demo creator profile
 * (`creatorSlug`); auth seeds the accounts, content the links.
 */
export const demoCreatorAccounts = {
  creator: {
    id: '00000000000000000000a004',
    email: 'creator@catalyst.example',
    password: 'Creator-pass-1',
    name: 'Maya Chen',
    role: 'creator',
    creatorSlug: 'maya-chen',
  },
  creator2: {
    id: '00000000000000000000a005',
    email: 'creator2@catalyst.example',
    password: 'Creator-pass-1',
    name: 'Daniel Okafor',
    role: 'creator',
    creatorSlug: 'daniel-okafor',
  },
} as const;

/** Every demo sign-in with a published password: the accounts above, the demo creators' and the demo team's. */
export const demoSignIns: readonly {
  id: string;
  email: string;
  password: string;
  name: string;
  role: string;
  /** A demo creator account's creator profile. */
  creatorSlug?: string;
}[] = [
  ...Object.values(demoAccounts),
  ...Object.values(demoCreatorAccounts),
  demoTeam.owner,
  ...demoTeam.members,
];
