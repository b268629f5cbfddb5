/** Federation names of the remotes, as listed in /mf/remotes.json. */
export const REMOTE_NAMES = ['catalog', 'player', 'account', 'admin', 'community'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The `data-testid` on the root element of everything a remote renders. */
export const remoteTestId = (name: RemoteName) => `remote-${name}`;
