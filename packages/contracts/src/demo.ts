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
