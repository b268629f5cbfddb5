// The federation runtime, in its own chunk: the shell's own pages (welcome, about, legal) never
// download it; the first page that needs a remote loads it (see remotes.ts). The shell is a pure
// runtime host: its React, router and web-kit are bundled as ordinary modules and offered to the
// remotes here as the shared singletons. Remotes are built with `externalRuntime`, so they reuse this
// runtime-core (published on the global by the inject plugin) instead of each carrying its own copy.
import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as Router from 'react-router-dom';
import * as WebKit from '@catalyst/web-kit';
import { takeEarlyManifest } from './early';

declare const process: { env: { CATALYST_ROUTER_VERSION: string; CATALYST_WEB_KIT_VERSION: string } };

/** What the shell provides; every remote consumes these keys as singletons (packages/build-kit/src/rspack-app.ts). */
const provided = (version: string, lib: object) => ({
  version,
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion: false as const },
});

/** Hands the runtime the route manifest index.ts already started fetching (see early.ts). */
const earlyManifest: ModuleFederationRuntimePlugin = {
  name: 'catalyst-early-manifest',
  fetch: (url: string) => takeEarlyManifest(url),
};

export const federation = createInstance({
  name: 'shell',
  remotes: [],
  shared: {
    react: provided(React.version, React),
    'react-dom': provided(ReactDOM.version, ReactDOM),
    'react-router-dom': provided(process.env.CATALYST_ROUTER_VERSION, Router),
    '@catalyst/web-kit': provided(process.env.CATALYST_WEB_KIT_VERSION, WebKit),
  },
  // Use what is already loaded instead of fetching every remote to compare versions.
  shareStrategy: 'loaded-first',
  plugins: [injectExternalRuntimeCore(), earlyManifest],
});
