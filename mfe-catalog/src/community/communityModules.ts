// What the catalogue loads from the community remote (remote to remote, as the player's community sections do),
// written once: the loader (communityRemote.ts) and PushPromptPart.tsx read this table, and a community release
// that drops one of these modules, or whose component no longer takes these props, is refused
// (scripts/release/contract-checks.ts). Plain data and types only.

/** The community remote's name in /mf/remotes.json. */
export const COMMUNITY_REMOTE = 'community';

/** The props the catalogue passes each exposed community component. */
export interface CatalogCommunityModules {
  /** "Get notified on this device", offered right after a learner follows a creator (named: their new courses too). */
  PushPrompt: { followed: string };
}
export type CommunityModuleName = keyof CatalogCommunityModules;

/** Each module's exposed name in the community remote's manifest. */
export const COMMUNITY_MODULES: { readonly [M in CommunityModuleName]: `./${M}` } = {
  PushPrompt: './PushPrompt',
};
