// ffmpeg and ffprobe: the machine's own when on PATH (production images install Debian's), else the static
// builds of the npm @ffmpeg-installer/@ffprobe-installer packages (142 MB on Linux x64). Those are not
// dependencies of the workspace, since npm installs an optional dependency whenever its platform
// matches: ../media-tools is a small npm project of its own (its lock pins them), installed by
// installMediaTools only where needed (the launcher calls it when PATH lacks either tool, and so do
// the tests of those builds).
//   npx tsx packages/service-kit/src/media-tools.ts     installs them, then prints which tool is used
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/** The npm project of the static builds; they install into its node_modules. */
export const MEDIA_TOOLS_DIR = path.resolve(import.meta.dirname, '../media-tools');
const STAMP = '.catalyst-lock-sha256';

export const MEDIA_TOOL_PACKAGES = {
  ffprobe: '@ffprobe-installer/ffprobe',
  ffmpeg: '@ffmpeg-installer/ffmpeg',
} as const;
export type MediaTool = keyof typeof MEDIA_TOOL_PACKAGES;

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The tool on PATH, if there is one. */
export function systemMediaTool(tool: MediaTool, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, process.platform === 'win32' ? `${tool}.exe` : tool);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** The static build's path in an install of the media-tools project (undefined: none for this platform). */
const buildIn = (dir: string, tool: MediaTool): string | undefined => {
  try {
    return (createRequire(path.join(dir, 'package.json'))(MEDIA_TOOL_PACKAGES[tool]) as { path: string })
      .path;
  } catch {
    return undefined;
  }
};

/** The npm static build of the tool, if installMediaTools installed it. */
export function installedMediaTool(tool: MediaTool): string | undefined {
  const file = buildIn(MEDIA_TOOLS_DIR, tool);
  return file && isExecutable(file) ? file : undefined;
}

const lockHash = () =>
  createHash('sha256')
    .update(readFileSync(path.join(MEDIA_TOOLS_DIR, 'package-lock.json')))
    .digest('hex');
const installedFrom = (dir: string) => {
  const stamp = path.join(dir, 'node_modules', STAMP);
  return existsSync(stamp) ? readFileSync(stamp, 'utf8') : undefined;
};

/**
 * Installs the static builds (`npm ci` of ../media-tools) unless those installed came from the same lock
 * file. Needs the npm registry. The install is made in a folder of its own and moved into place, so two
 * processes installing at once (test files run in parallel) leave one complete install.
 */
export function installMediaTools(say: (line: string) => void = () => {}): void {
  const lock = lockHash();
  if (installedFrom(MEDIA_TOOLS_DIR) === lock) return;
  say('installing the npm builds of ffmpeg and ffprobe (none on PATH): npm ci in service-kit/media-tools');
  const started = Date.now();
  const work = mkdtempSync(path.join(MEDIA_TOOLS_DIR, '.install-'));
  try {
    for (const file of ['package.json', 'package-lock.json'])
      cpSync(path.join(MEDIA_TOOLS_DIR, file), path.join(work, file));
    // Their install scripts only make the binary executable, done here instead.
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: work,
      stdio: ['ignore', 2, 2],
    });
    for (const tool of Object.keys(MEDIA_TOOL_PACKAGES) as MediaTool[]) {
      const file = buildIn(work, tool);
      if (file && existsSync(file)) chmodSync(file, 0o755);
    }
    writeFileSync(path.join(work, 'node_modules', STAMP), lock);
    if (installedFrom(MEDIA_TOOLS_DIR) !== lock) {
      rmSync(path.join(MEDIA_TOOLS_DIR, 'node_modules'), { recursive: true, force: true });
      try {
        renameSync(path.join(work, 'node_modules'), path.join(MEDIA_TOOLS_DIR, 'node_modules'));
      } catch (error) {
        // another process moved its install into place first
        if (installedFrom(MEDIA_TOOLS_DIR) !== lock) throw error;
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  say(`ffmpeg and ffprobe installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * The ffprobe or ffmpeg to run: a system one on PATH when there is one, else the npm static build that
 * installMediaTools installed. Throws, saying how to get one, when neither is there.
 */
export function mediaToolPath(tool: MediaTool, env: NodeJS.ProcessEnv = process.env): string {
  const found = systemMediaTool(tool, env) ?? installedMediaTool(tool);
  if (found) return found;
  throw new Error(
    `No ${tool} on PATH and no npm build of it installed: install ffmpeg (Debian: apt-get install ffmpeg), or run \`npx tsx packages/service-kit/src/media-tools.ts\` (npm start does when PATH has none)`,
  );
}

/** The ffprobe to run (see mediaToolPath). */
export const ffprobePath = (env: NodeJS.ProcessEnv = process.env): string => mediaToolPath('ffprobe', env);

const run = promisify(execFile);

/** The length of a media file in seconds, as ffprobe reads it from the container. */
export async function measureMediaSeconds(file: string, ffprobe = ffprobePath()): Promise<number> {
  const { stdout } = await run(
    ffprobe,
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file],
    {
      timeout: 15_000,
    },
  );
  const seconds = Number.parseFloat(stdout.trim());
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`ffprobe found no duration in ${file}`);
  return seconds;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  installMediaTools(console.log);
  for (const tool of Object.keys(MEDIA_TOOL_PACKAGES) as MediaTool[])
    console.log(`${tool}: ${systemMediaTool(tool) ?? installedMediaTool(tool) ?? 'none for this platform'}`);
}
