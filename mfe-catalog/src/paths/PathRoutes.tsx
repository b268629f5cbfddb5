import { Route, Routes } from 'react-router-dom';
import { NotFound, remoteTestId } from '@catalyst/web-kit';
import { PathPage } from './PathPage';
import { PathsPage } from './PathsPage';

/** Browse → Paths, as the shell mounts it under /paths/*: the published paths and one path's page. */
export default function PathRoutes() {
  return (
    <div data-testid={remoteTestId('catalog')} data-build={process.env.CATALYST_BUILD_LABEL || undefined}>
      <Routes>
        <Route index element={<PathsPage />} />
        <Route path=":slug" element={<PathPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
