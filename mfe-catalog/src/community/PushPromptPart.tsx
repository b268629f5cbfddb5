import { lazy, Suspense, type ComponentType } from 'react';
import { RemoteBoundary } from '@catalyst/web-kit';
import type { CatalogCommunityModules } from './communityModules';

// The community remote's push prompt, fetched (with the federation runtime) the first time it is to show.
const PushPrompt = lazy(async () => {
  const { loadCommunityModule } = await import('./communityRemote');
  const loaded = await loadCommunityModule<{
    default?: ComponentType<CatalogCommunityModules['PushPrompt']>;
  }>('PushPrompt');
  if (!loaded.default) throw new Error('community/PushPrompt has no component');
  return { default: loaded.default };
});

/**
 * "Get notified on this device" inside a catalogue page, right after a meaningful action there (following a
 * creator). Nothing while it loads, and nothing when the community remote is down: an offer, not the page's
 * content, so the page goes on without it. The prompt itself decides whether this browser is asked at all.
 */
export function PushPromptPart(props: CatalogCommunityModules['PushPrompt']) {
  return (
    <RemoteBoundary label="[catalog] community push prompt" fallback={() => null}>
      <Suspense fallback={null}>
        <PushPrompt {...props} />
      </Suspense>
    </RemoteBoundary>
  );
}
