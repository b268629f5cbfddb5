import type { MyTeam } from '@catalyst/contracts';
import { pathSegmentsAfter, type FirstRead, type RemoteRouteTable } from '@catalyst/web-kit/pages';

/** A certificate's public page: /certificates/<code>. */
export const CERTIFICATE_PREFIX = '/certificates/';
/** The team (/team), an invitation to one (/team/join/<token>) and a team's join link (/team/link/<token>). */
export const TEAM_PREFIX = '/team/';
/** A creator invitation's link: /studio/join/<token> (the rest of /studio/ is the admin remote's studio). */
export const STUDIO_JOIN_PREFIX = '/studio/join/';

/** An owner's or admin's team page reads the team, and an owner its audit log, once /teams/mine names it. */
const teamReads = (data: unknown): FirstRead[] => {
  const team = (data as MyTeam | null)?.team;
  if (!team || team.role === 'member') return [];
  const input = { params: { id: team.id } };
  const reads: FirstRead[] = [{ endpoint: ['team', 'get'], input, signedIn: true }];
  if (team.role === 'owner') reads.push({ endpoint: ['team', 'audit'], input, signedIn: true });
  return reads;
};

/** The account's pages, as the shell mounts and preloads them (plain data: read before React loads). */
export const shellRoutes: RemoteRouteTable = {
  remote: 'account',
  pages: [
    { path: '/profile/', prefix: false, module: './ProfilePage', audience: 'signed-in' },
    { path: '/subscription/', prefix: true, module: './SubscriptionRoutes', audience: 'signed-in' },
    { path: '/verify-email/', prefix: false, module: './VerifyEmailPage', audience: 'anyone' },
    { path: '/reset-password/', prefix: false, module: './ResetPasswordPage', audience: 'anyone' },
    // an e-mail's unsubscribe link works without signing in
    { path: '/unsubscribe/', prefix: false, module: './UnsubscribePage', audience: 'anyone' },
    {
      path: CERTIFICATE_PREFIX,
      prefix: true,
      module: './CertificatePage',
      // anyone verifies a certificate: no sign-in
      audience: 'anyone',
      firstReads: (pathname) => {
        // a malformed address (null) reads nothing: the page says the code names nothing
        const rest = pathSegmentsAfter(pathname, CERTIFICATE_PREFIX);
        const code = rest?.length === 1 ? rest[0] : '';
        return code ? [{ endpoint: ['certificate', 'get'], input: { params: { code } } }] : [];
      },
    },
    // an overview of the account's parts: published with the account's release, mounted by the shell at run time
    { path: '/account/', prefix: false, module: './AccountPage', audience: 'signed-in' },
    // buying a gift (/gift) and redeeming one (/gift/{code}, the recipient's e-mail link)
    { path: '/gift/', prefix: true, module: './GiftRoutes', audience: 'signed-in' },
    {
      path: TEAM_PREFIX,
      prefix: true,
      module: './TeamRoutes',
      // a visitor from /pricing sees the offer, an invited person the invitation, before signing in
      audience: 'anyone',
      firstReads: (pathname, search = '') => {
        const rest = pathSegmentsAfter(pathname, TEAM_PREFIX);
        const token = rest?.length === 2 && rest[0] === 'join' ? rest[1] : '';
        if (token) return [{ endpoint: ['team', 'invitation'], input: { params: { token } } }];
        const linkToken = rest?.length === 2 && rest[0] === 'link' ? rest[1] : '';
        if (linkToken)
          return [{ endpoint: ['teamJoinLink', 'joinLinkPreview'], input: { params: { token: linkToken } } }];
        // the checkout's return confirms the payment before anything is read
        if (rest?.join('/') !== '' || new URLSearchParams(search).has('session_id')) return [];
        return [{ endpoint: ['team', 'mine'], signedIn: true, then: teamReads }];
      },
    },
    {
      path: '/account/billing/',
      prefix: false,
      module: './BillingPage',
      audience: 'signed-in',
      firstReads: () => [{ endpoint: ['billingAccount', 'account'], signedIn: true }],
    },
    {
      path: '/learning/',
      prefix: false,
      module: './LearningRecordPage',
      audience: 'signed-in',
      firstReads: () => [{ endpoint: ['learning', 'learningRecord'], signedIn: true }],
    },
    // an admin's invitation to run a creator's items (/studio/join/<token>): a visitor signs in first
    { path: STUDIO_JOIN_PREFIX, prefix: true, module: './CreatorJoinPage', audience: 'anyone' },
    // every note and bookmark across courses, with search and a Markdown export
    { path: '/learning/notes/', prefix: false, module: './NotesPage', audience: 'signed-in' },
    {
      path: '/saved/',
      prefix: false,
      module: './SavedPage',
      audience: 'signed-in',
      firstReads: () => [{ endpoint: ['saved', 'list'], signedIn: true }],
    },
  ],
};
