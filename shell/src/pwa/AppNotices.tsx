import { lazy, Suspense, type ComponentType } from 'react';
import { useConnection } from '@catalyst/web-kit';
import { useAppState } from './appState';

// The strips and their texts are a chunk of their own, loaded only when one shows (the welcome page's first
// scripts carry neither). The service worker precaches it with the build; should it still not load (offline
// before the worker was installed), no strip shows rather than the page failing.
const loadStrips = () => import('./AppStrips').catch(() => null);
const OfflineStrip = lazy<ComponentType>(() =>
  loadStrips().then((strips) => ({ default: strips?.OfflineStrip ?? Nothing })),
);
const UpdateStrip = lazy<ComponentType<{ applyUpdate: () => void }>>(() =>
  loadStrips().then((strips) => ({ default: strips?.UpdateStrip ?? Nothing })),
);

function Nothing() {
  return null;
}

/** The strips above the header: Offline while the server cannot be reached, and a waiting new version. */
export function AppNotices() {
  const { offline } = useConnection();
  const { applyUpdate } = useAppState();
  return (
    <Suspense fallback={null}>
      {offline ? <OfflineStrip /> : null}
      {applyUpdate ? <UpdateStrip applyUpdate={applyUpdate} /> : null}
    </Suspense>
  );
}
