// Plain code, no DOM: the shell's early entry (early.ts) and the gateway (gateway/src/static.ts, which
// hints them in the page's HTML) both name a remote module's files from its mf-manifest.json here.

/** The parts of a remote's mf-manifest.json that name the files of an exposed module. */
export interface RemoteManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

/**
 * The files an exposed module needs before it can run: remoteEntry.js, the module's own chunks and its
 * CSS, as absolute URLs (resolved against the manifest's address, or its publicPath when it has one).
 * Empty when the manifest does not expose the module.
 */
export function remoteModuleFiles(manifestUrl: string, manifest: RemoteManifest, module: string): Array<[url: URL, as: 'script' | 'style']> {
  const publicPath = manifest.metaData?.publicPath;
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', manifestUrl);
  const entry = manifest.metaData?.remoteEntry;
  const expose = manifest.exposes?.find((candidate) => candidate.path === module);
  if (!entry?.name || !expose) return [];
  const files: Array<[string, 'script' | 'style']> = [
    [`${entry.path ? `${entry.path.replace(/\/+$/, '')}/` : ''}${entry.name}`, 'script'],
    ...(expose.assets?.js?.sync ?? []).map((file): [string, 'script'] => [file, 'script']),
    ...(expose.assets?.css?.sync ?? []).map((file): [string, 'style'] => [file, 'style']),
  ];
  return files.map(([file, as]) => [new URL(file, base), as]);
}
