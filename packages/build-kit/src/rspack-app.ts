// One rspack + Module Federation configuration for the shell and every remote; each app's
// rspack.config.ts only names itself, its port, what it exposes and (a remote) its pages.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { routeManifestProblems, ROUTES_FILE, type RouteManifest } from '../../contracts/src/route-manifest';
import type { RemoteRouteTable } from '../../web-kit/src/pages';
import { DEFAULT_DESCRIPTION } from '../../web-kit/src/descriptions';
import { AFTER_FIRST_PAINT_ATTRIBUTE } from '../../web-kit/src/first-paint';

export interface FrontendOptions {
  /** Federation name: 'shell', 'catalog', 'player', 'account', 'admin'. */
  name: string;
  /** The app's folder (holds src/, package.json, dist/). */
  dir: string;
  /** Dev server port. */
  port: number;
  /** The host loads remotes at runtime; remotes expose modules. */
  kind: 'host' | 'remote';
  exposes?: Record<string, string>;
  /**
   * A remote's pages (its `src/shell-routes.ts`): published as data in routes.json beside mf-manifest.json,
   * which its release stores and the shell mounts at run time. A remote without pages publishes none.
   */
  routes?: RemoteRouteTable;
  /** Page title of the dev/standalone index.html. */
  title?: string;
  /**
   * A small first entry that index.html runs before the app's (it holds the webpack runtime; the app
   * entry depends on it), so it starts its requests while the larger files are still downloading.
   */
  earlyEntry?: string;
}

const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

const require = createRequire(import.meta.url);

/** 'react-router-dom' resolves to this subset of react-router in every build (see the file). */
const ROUTER_MODULE = fileURLToPath(new URL('./frontend-shared/react-router-dom.ts', import.meta.url));

const packageVersion = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
const routerVersion = packageVersion('react-router-dom');

/**
 * Shared singletons: one React, one router and one web-kit (session and subscription stores) per page.
 * The shell provides them (shell/src/federation/runtime.ts); remotes consume them and keep their own
 * copy only as a fallback. 'react-router' itself is not shared: nothing imports it but the router
 * subset, which is bundled into the shared 'react-router-dom' and tree-shaken to what the subset
 * exports. '@catalyst/contracts' is not shared either: it holds no state, and unshared each remote
 * keeps only what it imports (the player needs one constant, not zod and every schema).
 */
const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^19.2.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.2.0' },
  'react-router-dom': { singleton: true, requiredVersion: '^7.9.0', version: routerVersion },
  '@catalyst/web-kit': { singleton: true, requiredVersion: false },
} as const;

/**
 * Shortens the shell's start-up: index.html preloads its scripts and /mf/remotes.json (fetched with
 * the same mode and credentials by the shell, so the preload is reused). Which remote a
 * page needs is decided at runtime by the shell (shell/src/federation/preload.ts): the admin remote
 * must never be hinted to anyone but an admin.
 */
class PreloadStartupPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('CatalystPreloadStartup', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(
        'CatalystPreloadStartup',
        async (data) => {
          const link = (attributes: Record<string, string | boolean>) => ({
            tagName: 'link',
            attributes,
            voidTag: true,
          });
          const hints = [
            // Every page is served with a first paint (a page's, or the app's frame) and the app's scripts held
            // back until it shows: they download from the start, but at low priority, behind the stylesheet
            // that paint waits for (a script preload is otherwise high priority, and counted as blocking it).
            ...data.assetTags.scripts
              .filter((tag) => tag.tagName === 'script' && typeof tag.attributes.src === 'string')
              .map((tag) =>
                link({
                  rel: 'preload',
                  href: String(tag.attributes.src),
                  as: 'script',
                  fetchpriority: 'low',
                }),
              ),
            link({ rel: 'preload', href: '/mf/remotes.json', as: 'fetch', crossorigin: 'anonymous' }),
          ];
          // The app's scripts besides the early entry: on a page served with its first paint the gateway takes
          // these out and the early entry runs them once that paint is on screen (gateway/src/first-paint.ts).
          const earlyFiles = new Set(compilation.entrypoints.get('early')?.getFiles() ?? []);
          for (const tag of data.assetTags.scripts) {
            const src = tag.attributes.src;
            if (
              tag.tagName === 'script' &&
              typeof src === 'string' &&
              !earlyFiles.has(src.replace(/^\//, ''))
            )
              tag.attributes[AFTER_FIRST_PAINT_ATTRIBUTE] = true;
          }
          data.assetTags.scripts.unshift(...hints);
          return data;
        },
      );
    });
  }
}

/**
 * V8's explicit compile hint, first in every production script: the browser then compiles all of the
 * file's functions while it streams in, off the main thread, instead of each one on the main thread at its
 * first call. Our scripts run when they arrive (the start-up files, a route's remote, a page's chunk), so
 * most of their functions are called at once: at 4x CPU the shell's start-up task fell from 220-270 ms to
 * 100-130 ms and React's first render from 530-640 ms to 340-350 ms (bench/README.md, "Sixth round").
 * Added after minifying (which would drop a comment), before the content hashes are taken.
 */
const compileHint = () =>
  new rspack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: /\.js$/,
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });

/**
 * The oldest browsers the front ends are built for: those the ES2020 scripts run in (swc's target below), as
 * Vite's default build target names them. Lightning CSS, which minifies the stylesheets, rewrites for older
 * browsers what these understand: for rspack's default ("fully supports es6": 2016's browsers) each logical
 * property (`margin-inline-end`, `text-align: start`) became six rules listing nineteen right-to-left
 * languages, about a third of the stylesheets' bytes, which every page parsed and matched.
 */
export const BROWSER_TARGETS = ['chrome 87', 'edge 88', 'firefox 78', 'safari 14'];

/** The stylesheets' minimizer (Lightning CSS), for BROWSER_TARGETS. */
export const cssMinimizer = () =>
  new rspack.LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: BROWSER_TARGETS } });

/**
 * A remote's routes.json: each page as plain data (the first reads, functions the shell's preloader takes at
 * its own build, are left out). Refused here as its release would refuse it (REMOTE_PATH_OWNERS, the shape).
 */
export function publishedRoutes(name: string, table?: RemoteRouteTable): RouteManifest {
  const manifest: RouteManifest = {
    remote: name,
    pages: (table?.pages ?? []).map(({ path, prefix, module, audience, dataIcons }) => ({
      path,
      prefix,
      module,
      audience,
      ...(dataIcons ? { dataIcons } : {}),
    })),
  };
  const problems = routeManifestProblems(name, manifest);
  if (problems.length)
    throw new Error(`${name}'s pages cannot be published:\n  - ${problems.join('\n  - ')}`);
  return manifest;
}

/** Writes a remote's routes.json into its build, beside mf-manifest.json. */
class PublishRoutesPlugin {
  constructor(private readonly manifest: RouteManifest) {}
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('CatalystPublishRoutes', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CatalystPublishRoutes', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            ROUTES_FILE,
            new rspack.sources.RawSource(`${JSON.stringify(this.manifest, null, 2)}\n`),
          );
        },
      );
    });
  }
}

const RESOLVE: Configuration['resolve'] = {
  extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
  alias: { 'react-router-dom$': ROUTER_MODULE },
};

/** TypeScript/JSX through swc, CSS modules, assets; `server` keeps only CSS modules' class names (the same names). */
function moduleOptions(dev: boolean, server = false): Configuration['module'] {
  return {
    parser: {
      // An import of a name a module does not export (e.g. one missing from the router subset) fails the build.
      javascript: { exportsPresence: 'error' },
      'css/auto': { namedExports: false },
      'css/module': { namedExports: false },
    },
    generator: {
      'css/auto': {
        localIdentName: dev ? '[uniqueName]-[name]__[local]' : '[uniqueName]-[hash:8]',
        ...(server ? { exportsOnly: true } : {}),
      },
    },
    rules: [
      { test: /\.css$/, type: 'css/auto' },
      {
        test: /\.[jt]sx?$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            target: 'es2020',
            transform: { react: { runtime: 'automatic', development: dev, refresh: dev } },
          },
        },
        type: 'javascript/auto',
      },
      { test: /\.(png|jpe?g|gif|webp|svg|mp4|woff2?)$/, type: 'asset' },
    ],
  };
}

/** Values compiled into every bundle. */
function buildDefines() {
  return new rspack.DefinePlugin({
    // A label compiled into each app's own bundle, so a redeployed remote can be told apart.
    'process.env.CATALYST_BUILD_LABEL': JSON.stringify(process.env.CATALYST_BUILD_LABEL ?? ''),
    'process.env.CATALYST_ROUTER_VERSION': JSON.stringify(routerVersion),
    'process.env.CATALYST_WEB_KIT_VERSION': JSON.stringify(packageVersion('../../web-kit')),
  });
}

/** Where an app's first-paint renderer is built (outside dist/: it is run at build time, never served). */
export const firstPaintBundle = (dir: string) => path.join(dir, '.first-paint', 'first-paint.cjs');

/**
 * The host's first-paint renderer (shell/src/first-paint.tsx) for Node: the same modules and CSS class
 * names as the browser build, run once after it by scripts/first-paint.ts.
 */
export function defineFirstPaint(options: Pick<FrontendOptions, 'name' | 'dir'> & { entry: string }) {
  return (): Configuration => ({
    mode: 'production',
    target: 'node20',
    context: options.dir,
    entry: { 'first-paint': options.entry },
    output: {
      path: path.dirname(firstPaintBundle(options.dir)),
      uniqueName: options.name,
      filename: '[name].cjs',
      chunkFilename: '[name].[id].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: RESOLVE,
    module: moduleOptions(false, true),
    plugins: [buildDefines()],
    optimization: { minimize: false },
    devtool: false,
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  });
}

type Env = Record<string, unknown>;
type Argv = { mode?: 'development' | 'production' | 'none' };

function htmlTemplate(title: string, host: boolean): string {
  // The gateway fills the catalyst-config element with the site config JSON; '{}' means defaults.
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#0f172a" />
    <meta name="description" content="${DEFAULT_DESCRIPTION}" />
    <title>${title}</title>
    <script type="application/json" id="catalyst-config">{}</script>
  </head>
  <body>
    <noscript>${title} needs JavaScript to run.</noscript>
    <div id="root"${host ? '' : ' data-standalone="true"'}></div>
  </body>
</html>
`;
}

export function defineFrontend(options: FrontendOptions) {
  return (env: Env = {}, argv: Argv = {}): Configuration => {
    const mode = argv.mode ?? (env.RSPACK_SERVE ? 'development' : 'production');
    const dev = mode === 'development';
    const host = options.kind === 'host';
    const hashed = (ext: string) => (dev ? `[name]${ext}` : `[name].[contenthash:10]${ext}`);
    const routes = host ? null : publishedRoutes(options.name, options.routes);

    return {
      mode: dev ? 'development' : 'production',
      context: options.dir,
      entry: options.earlyEntry
        ? { early: options.earlyEntry, main: { import: './src/index.ts', dependOn: 'early' } }
        : { main: './src/index.ts' },
      output: {
        // CATALYST_OUT_DIR lets a deployment (or the redeploy browser test) build straight into place.
        path: process.env.CATALYST_OUT_DIR ?? path.join(options.dir, 'dist'),
        // Remotes find their own chunks from wherever remoteEntry.js was served.
        publicPath: host ? '/' : 'auto',
        uniqueName: options.name,
        filename: hashed('.js'),
        chunkFilename: hashed('.js'),
        cssFilename: hashed('.css'),
        cssChunkFilename: hashed('.css'),
        assetModuleFilename: dev ? 'assets/[name][ext]' : 'assets/[name].[contenthash:10][ext]',
        clean: true,
      },
      resolve: RESOLVE,
      module: moduleOptions(dev),
      plugins: [
        buildDefines(),
        // The shell is a pure runtime host (it loads the federation runtime only on pages with a remote).
        host
          ? null
          : new ModuleFederationPlugin({
              name: options.name,
              filename: 'remoteEntry.js',
              exposes: options.exposes ?? {},
              manifest: { fileName: 'mf-manifest.json' },
              remotes: {},
              shared: sharedSingletons,
              // Use what is already loaded instead of fetching every remote to compare versions at start.
              shareStrategy: 'loaded-first',
              dts: false,
              experiments: {
                // Browser-only federation runtime (no Node.js loading code). The snapshot plugin stays: it reads mf-manifest.json.
                optimization: { target: 'web' },
                // Production remotes use the shell's runtime-core instead of carrying a copy each (about 28 KiB gzip);
                // a dev remote keeps its own, so its standalone page still runs.
                externalRuntime: !dev,
              },
            }),
        host || dev
          ? new rspack.HtmlRspackPlugin({
              templateContent: htmlTemplate(options.title ?? 'Catalyst', host),
              favicon: path.resolve(options.dir, '../packages/web-kit/assets/favicon.svg'),
              // Standalone remote pages live at deep URLs; their own chunks still come from the root.
              publicPath: '/',
              chunks: options.earlyEntry ? ['early', 'main'] : ['main'],
            })
          : null,
        host ? new PreloadStartupPlugin() : null,
        routes ? new PublishRoutesPlugin(routes) : null,
        dev ? new ReactRefreshRspackPlugin() : compileHint(),
      ],
      // The shell's vendor code (React, router) in its own chunks: they stay cached when the app changes.
      optimization: {
        ...(host ? { splitChunks: { chunks: 'all' as const } } : {}),
        // rspack's own two minimizers, the stylesheets' for the browsers named here
        minimizer: [new rspack.SwcJsMinimizerRspackPlugin(), cssMinimizer()],
      },
      // CATALYST_SOURCE_MAPS=true writes production source maps (to see what a chunk holds).
      devtool: dev
        ? 'cheap-module-source-map'
        : process.env.CATALYST_SOURCE_MAPS === 'true'
          ? 'source-map'
          : false,
      performance: { hints: false },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
      devServer: {
        port: options.port,
        host: '127.0.0.1',
        hot: true,
        historyApiFallback: true,
        // The shell on :3000 loads remotes from their own dev servers.
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          { context: ['/api', '/media', '/mf/remotes.json'], target: GATEWAY_URL, changeOrigin: false },
        ],
      },
    };
  };
}
