// One rspack + Module Federation configuration for the shell and every remote; each app's
// rspack.config.ts only names itself, its port and what it exposes.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Compilation, type Compiler, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';

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
  /** Page title of the dev/standalone index.html. */
  title?: string;
}

export const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

const require = createRequire(import.meta.url);

/** 'react-router-dom' resolves to this subset of react-router in every build (see the file). */
export const ROUTER_MODULE = fileURLToPath(new URL('./frontend-shared/react-router-dom.ts', import.meta.url));
const routerVersion = (require('react-router-dom/package.json') as { version: string }).version;

/**
 * Shared singletons: one React, one router and one web-kit (session and subscription stores) per page.
 * 'react-router' itself is not shared: nothing imports it but the router subset, which is bundled into
 * the shared 'react-router-dom' and tree-shaken to what the subset exports.
 */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^19.2.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.2.0' },
  'react-router-dom': { singleton: true, requiredVersion: '^7.9.0', version: routerVersion },
  '@catalyst/web-kit': { singleton: true, requiredVersion: false },
  '@catalyst/contracts': { singleton: true, requiredVersion: false },
} as const;

/**
 * The files the shell needs right after main.js: the chunks of its async boundary (index.ts's
 * import('./bootstrap')) and the shared singletons (React, router, web-kit) that boundary consumes.
 * Without hints the browser discovers them only once main.js has run.
 */
const SHARED_MODULE = /^(consume|provide)[- ]shared module \([^)]*\) (.+?)@/;

export function startupFiles(compilation: Compilation): string[] {
  const files = new Set<string>();
  for (const entry of compilation.entrypoints.values()) {
    // The share keys the boundary consumes at once; the runtime loads each from its provider's chunks.
    const consumed = new Set<string>();
    for (const boundary of entry.childrenIterable) {
      // An import() block of the entry (not a shared module's provider, which has no request).
      if (!boundary.origins.some((origin) => origin.request)) continue;
      for (const file of boundary.getFiles()) files.add(file);
      for (const child of boundary.childrenIterable) {
        for (const origin of child.origins) {
          const match = SHARED_MODULE.exec(origin.module?.identifier() ?? '');
          if (match?.[1] === 'consume') consumed.add(match[2]!);
        }
      }
    }
    for (const provider of entry.childrenIterable) {
      const provides = provider.origins.some((origin) => {
        const match = SHARED_MODULE.exec(origin.module?.identifier() ?? '');
        return match?.[1] === 'provide' && consumed.has(match[2]!);
      });
      if (provides) for (const file of provider.getFiles()) files.add(file);
    }
  }
  return [...files].filter((file) => file.endsWith('.js') || file.endsWith('.css'));
}

/**
 * Shortens the shell's start-up waterfall: index.html preloads the boundary's chunks and the shared
 * singletons, and /mf/remotes.json (fetched with the same mode and credentials by the shell, so the
 * preload is reused). Which remote a page needs is decided at runtime by the shell (see
 * shell/src/federation/preload.ts): the admin remote must never be hinted to anyone but an admin.
 */
class PreloadStartupPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('CatalystPreloadStartup', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise('CatalystPreloadStartup', async (data) => {
        const publicPath = data.publicPath || '/';
        const link = (attributes: Record<string, string | boolean>) => ({ tagName: 'link', attributes, voidTag: true });
        const hints = [
          // main.js is a deferred script (low priority); it runs first, so it must not wait behind the hints.
          ...data.assetTags.scripts
            .filter((tag) => tag.tagName === 'script' && typeof tag.attributes.src === 'string')
            .map((tag) => link({ rel: 'preload', href: String(tag.attributes.src), as: 'script', fetchpriority: 'high' })),
          link({ rel: 'preload', href: '/mf/remotes.json', as: 'fetch', crossorigin: 'anonymous' }),
          ...startupFiles(compilation).map((file) =>
            link({ rel: 'preload', href: `${publicPath}${file}`, as: file.endsWith('.css') ? 'style' : 'script' }),
          ),
        ];
        data.assetTags.scripts.unshift(...hints);
        return data;
      });
    });
  }
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

    return {
      mode: dev ? 'development' : 'production',
      context: options.dir,
      entry: { main: './src/index.ts' },
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
      resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'], alias: { 'react-router-dom$': ROUTER_MODULE } },
      module: {
        parser: {
          // An import of a name a module does not export (e.g. one missing from the router subset) fails the build.
          javascript: { exportsPresence: 'error' },
          'css/auto': { namedExports: false },
          'css/module': { namedExports: false },
        },
        generator: {
          'css/auto': { localIdentName: dev ? '[uniqueName]-[name]__[local]' : '[uniqueName]-[hash:8]' },
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
      },
      plugins: [
        // A label compiled into each app's own bundle, so a redeployed remote can be told apart.
        new rspack.DefinePlugin({ 'process.env.CATALYST_BUILD_LABEL': JSON.stringify(process.env.CATALYST_BUILD_LABEL ?? '') }),
        new ModuleFederationPlugin({
          name: options.name,
          ...(host ? {} : { filename: 'remoteEntry.js', exposes: options.exposes ?? {}, manifest: { fileName: 'mf-manifest.json' } }),
          // The host registers remotes at runtime from /mf/remotes.json.
          remotes: {},
          shared: sharedSingletons,
          // Use what is already loaded instead of fetching every remote to compare versions at start.
          shareStrategy: 'loaded-first',
          dts: false,
          // Browser-only federation runtime (no Node.js loading code). The snapshot plugin stays: it reads mf-manifest.json.
          experiments: { optimization: { target: 'web' } },
        }),
        host || dev
          ? new rspack.HtmlRspackPlugin({
              templateContent: htmlTemplate(options.title ?? 'Catalyst', host),
              favicon: path.resolve(options.dir, '../packages/web-kit/assets/favicon.svg'),
              // Standalone remote pages live at deep URLs; their own chunks still come from the root.
              publicPath: '/',
              chunks: ['main'],
            })
          : null,
        host ? new PreloadStartupPlugin() : null,
        dev ? new ReactRefreshRspackPlugin() : null,
      ],
      devtool: dev ? 'cheap-module-source-map' : false,
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
        proxy: [{ context: ['/api', '/media', '/mf/remotes.json'], target: GATEWAY_URL, changeOrigin: false }],
      },
    };
  };
}
