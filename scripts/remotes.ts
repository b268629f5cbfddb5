// The release registry from the command line (the same actions as /admin/releases):
//   npm run remotes -- list
//   npm run remotes -- promote <remote> <version>
//   npm run remotes -- rollback <remote>
//   npm run remotes -- canary <remote> <version> <percent>
// A running gateway serves the change within a second (it reads the registry every RELEASES_REFRESH_MS).
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { RELEASE_MESSAGES } from '@catalyst/contracts';
import { ReleaseError, type RemoteReleases } from '../gateway/src/releases/repository';
import { actor, openRegistry } from './release/registry';

const USAGE = `usage: npm run remotes -- list | promote <remote> <version> | rollback <remote> | canary <remote> <version> <percent>`;

/** The list as a table per front end: its versions newest first, what each is, and its load errors. */
export function formatList(remotes: RemoteReleases[]): string {
  const lines: string[] = [];
  for (const entry of remotes) {
    const canary = entry.channel?.canary
      ? `, canary ${entry.channel.canary.version} at ${entry.channel.canary.percent}%`
      : '';
    lines.push(
      `${entry.remote}: ${entry.channel ? `runs ${entry.channel.current}${canary}` : 'nothing recorded'}`,
    );
    for (const release of entry.releases) {
      const when = release.createdAt.replace('T', ' ').slice(0, 16);
      const commit = release.gitCommit ? release.gitCommit.slice(0, 8) : '-';
      lines.push(
        `  ${release.status.padEnd(9)} ${release.version.padEnd(28)} ${when}  ${release.releasedBy}  ${commit}  load errors: ${release.loadErrors}`,
      );
    }
  }
  return lines.join('\n');
}

export async function runRemotes(
  args: string[],
  print: (line: string) => void = console.log,
): Promise<number> {
  const [command, remote, version, percent] = args;
  if (!command || !['list', 'promote', 'rollback', 'canary'].includes(command)) {
    print(USAGE);
    return 2;
  }
  if (command !== 'list' && !remote) {
    print(USAGE);
    return 2;
  }
  const { repo, close } = await openRegistry();
  try {
    const who = actor();
    switch (command) {
      case 'list':
        print(formatList(await repo.list()));
        break;
      case 'promote': {
        if (!version) throw new ReleaseError(400, USAGE);
        const channel = await repo.promote(remote!, version, who);
        print(RELEASE_MESSAGES.promoted(channel.remote, channel.current));
        break;
      }
      case 'rollback': {
        const { channel, undone } = await repo.rollback(remote!, who);
        print(
          undone === 'canary'
            ? RELEASE_MESSAGES.canaryStopped(channel.remote, channel.current)
            : RELEASE_MESSAGES.rolledBack(channel.remote, channel.current),
        );
        break;
      }
      case 'canary': {
        if (!version || percent === undefined) throw new ReleaseError(400, USAGE);
        const share = Number(percent.replace(/%$/, ''));
        const channel = await repo.canary(remote!, version, share, who);
        print(
          RELEASE_MESSAGES.canaryStarted(channel.remote, channel.canary!.version, channel.canary!.percent),
        );
        break;
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof ReleaseError) {
      print(error.message);
      return 1;
    }
    throw error;
  } finally {
    await close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runRemotes(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(2);
    },
  );
}
