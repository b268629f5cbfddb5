import { Route, Routes } from 'react-router-dom';
import { lazyPage, NotFound, remoteTestId } from '@catalyst/web-kit';

// each page its own chunk: an invited person downloads the join page alone
const TeamPage = lazyPage(() => import('./TeamPage'));
const TeamJoinPage = lazyPage(() => import('./TeamJoinPage'));
const TeamJoinLinkPage = lazyPage(() => import('./TeamJoinLinkPage'));

/**
 * What the shell mounts under /team/*: the team (/team), an invitation (/team/join/{token}) and a team's join
 * link (/team/link/{token}).
 */
export default function TeamRoutes() {
  return (
    <div data-testid={remoteTestId('account')}>
      <Routes>
        <Route index element={<TeamPage />} />
        <Route path="join/:token" element={<TeamJoinPage />} />
        <Route path="link/:token" element={<TeamJoinLinkPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
