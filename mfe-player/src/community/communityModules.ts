// What the player loads from the community remote (remote to remote), written once: the loader
// (communityRemote.ts) and the sections (CommunitySection.tsx) read this table, and a community release
// that drops one of these modules, or whose component no longer takes these props, is refused
// (scripts/release/contract-checks.ts). Plain data and types only.
import type { ReactNode } from 'react';
import type { DiscussionTarget, LiveSession } from '@catalyst/contracts';

/** The community remote's name in /mf/remotes.json. */
export const COMMUNITY_REMOTE = 'community';

/** The props the player passes each exposed community component. */
export interface CommunityModules {
  Discussion: { target: DiscussionTarget };
  LiveBoard: {
    productId: string;
    renderRecording?: (recording: NonNullable<LiveSession['recording']>, title: string) => ReactNode;
  };
}
export type CommunityModuleName = keyof CommunityModules;

/** Each module's exposed name in the community remote's manifest. */
export const COMMUNITY_MODULES: { readonly [M in CommunityModuleName]: `./${M}` } = {
  Discussion: './Discussion',
  LiveBoard: './LiveBoard',
};
