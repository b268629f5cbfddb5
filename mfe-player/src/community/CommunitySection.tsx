import { lazy, Suspense, useMemo, useRef, useState, type ComponentType } from 'react';
import { RemoteBoundary, RemoteUnavailable, Spinner, useNearView, useStrings } from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import type { CommunityModuleName, CommunityModules } from './communityModules';

export type { CommunityModuleName, CommunityModules };

/** How a community module is fetched (the federation runtime; a test hands its own). */
export type CommunityLoader = (
  module: CommunityModuleName,
  retry: boolean,
) => Promise<{ default?: ComponentType<never> }>;

/** What the section says while its part loads. */
const LOADING = {
  Discussion: 'community.loadingDiscussion',
  LiveBoard: 'community.loadingLiveBoard',
} as const satisfies Record<CommunityModuleName, string>;

// The loader (and the federation runtime call in it) is downloaded only when a section is about to show.
const federationLoader: CommunityLoader = async (module, retry) =>
  (await import('./communityRemote')).loadCommunityModule(module, retry);

export interface CommunitySectionProps<M extends CommunityModuleName> {
  module: M;
  props: CommunityModules[M];
  /** Load only once the section nears the viewport (the default); false loads it after the first paint. */
  whenNearView?: boolean;
  load?: CommunityLoader;
}

/**
 * A part of the community remote inside a player page, loaded at run time when it is about to be seen:
 * never in the player's first download, and when the community remote is down the lesson plays on and
 * this section alone shows the contained fallback with Retry.
 */
export function CommunitySection<M extends CommunityModuleName>({
  module,
  props,
  whenNearView = true,
  load = federationLoader,
}: CommunitySectionProps<M>) {
  const t = useStrings(playerStrings);
  const anchor = useRef<HTMLDivElement>(null);
  const near = useNearView(anchor, whenNearView);
  const [attempt, setAttempt] = useState(0);
  const Loaded = useMemo(
    () =>
      lazy(async () => {
        const loaded = await load(module, attempt > 0);
        if (!loaded?.default) throw new Error(`community/${module} has no component`);
        return { default: loaded.default as unknown as ComponentType<CommunityModules[M]> };
      }),
    [load, module, attempt],
  );

  return (
    <div ref={anchor} data-testid={`community-${module.toLowerCase()}`}>
      {near ? (
        <RemoteBoundary
          key={attempt}
          label="[player] community section"
          fallback={() => <RemoteUnavailable onRetry={() => setAttempt((n) => n + 1)} />}
        >
          <Suspense fallback={<Spinner message={t(LOADING[module])} />}>
            {/* eslint-disable-next-line react-hooks/static-components -- a remote's component is known only at run time; one per module and attempt (memoised above) */}
            <Loaded {...props} />
          </Suspense>
        </RemoteBoundary>
      ) : null}
    </div>
  );
}
