// .githooks/commit-msg, run as git runs it (the file itself, given the message file), and the root
// prepare script that installs it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from './lib/services';

const HOOKS = path.join(ROOT, '.githooks');
const HOOK = path.join(HOOKS, 'commit-msg');

/** The environment without git's own variables, so a test never reaches the repository it runs in. */
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')));

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-commit-msg-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the hook on a message: its exit status and what it printed. */
function check(message: string) {
  const file = path.join(tempDir(), 'COMMIT_EDITMSG');
  writeFileSync(file, message);
  const run = spawnSync(HOOK, [file], { cwd: ROOT, env, encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, stderr: run.stderr };
}

function git(cwd: string, ...args: string[]) {
  return spawnSync('git', args, { cwd, env, encoding: 'utf8' });
}

describe('the commit-msg hook', () => {
  it('accepts a subject of exactly 72 characters, alone or with a body after a blank line', () => {
    const subject = 'a'.repeat(72);
    expect(check(`${subject}\n`)).toEqual({ status: 0, stderr: '' });
    expect(check(`${subject}\n\nWhy it changed.\nWhat was measured.\n`)).toEqual({ status: 0, stderr: '' });
  });

  it('refuses a subject of 73 characters, saying how long it is and what the limit is', () => {
    const subject = 'b'.repeat(73);
    const { status, stderr } = check(`${subject}\n\nA body.\n`);
    expect(status).toBe(1);
    expect(stderr).toContain('the subject (first line) is 73 characters; the limit is 72.');
    expect(stderr).toContain(subject);
    expect(stderr).toContain('Commit refused. Your message is kept: git commit --edit --file');
  });

  it('counts characters, not bytes', () => {
    const start = 'Clamp saved positions → media length ×2 ';
    const subject = start + 'é'.repeat(72 - [...start].length);
    expect([...subject]).toHaveLength(72);
    expect(check(`${subject}\n`).status).toBe(0);
    const { status, stderr } = check(`${subject}€\n`);
    expect(status).toBe(1);
    expect(stderr).toContain('is 73 characters');
  });

  it('refuses a body that starts on the second line', () => {
    const { status, stderr } = check(
      'Clamp saved positions to the media length\nbecause players overshoot\n',
    );
    expect(status).toBe(1);
    expect(stderr).toContain('the second line must be blank: it separates the subject from the body.');
    expect(stderr).toContain('Found: because players overshoot');
    expect(stderr).not.toContain('the subject (first line)');
  });

  it('names both problems when the subject is long and the second line is not blank', () => {
    const { status, stderr } = check(`${'c'.repeat(80)}\nbody\n`);
    expect(status).toBe(1);
    expect(stderr).toContain('is 80 characters');
    expect(stderr).toContain('the second line must be blank');
  });

  it('judges the message git keeps: no comment lines, nothing below the scissors, no leading blank lines', () => {
    const template = [
      '',
      'Clamp saved positions to the media length',
      '',
      'Players overshoot by a frame.   ',
      '# Please enter the commit message for your changes. Lines starting',
      "# with '#' will be ignored, and an empty message aborts the commit.",
      '# ------------------------ >8 ------------------------',
      `+${'a diff line longer than any subject may be '.repeat(3)}`,
      '',
    ].join('\n');
    expect(check(template)).toEqual({ status: 0, stderr: '' });
    expect(check('Clamp saved positions to the media length\r\n\r\nPlayers overshoot.\r\n').status).toBe(0);
  });

  it('stops a real commit once core.hooksPath points at .githooks', () => {
    const repo = tempDir();
    expect(git(repo, 'init', '-q').status).toBe(0);
    const commit = (message: string) =>
      git(
        repo,
        '-c',
        `core.hooksPath=${HOOKS}`,
        '-c',
        'user.name=Test',
        '-c',
        'user.email=test@example.com',
        'commit',
        '-q',
        '--allow-empty',
        '-m',
        message,
      );
    const refused = commit('d'.repeat(73));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('is 73 characters');
    expect(git(repo, 'rev-parse', '--verify', '-q', 'HEAD').status).not.toBe(0);
    expect(commit('Add the first commit').status).toBe(0);
    expect(git(repo, 'log', '--format=%s').stdout).toBe('Add the first commit\n');
  });
});

describe('the prepare script', () => {
  const prepare = (
    JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts.prepare!;
  const run = (cwd: string) => spawnSync('sh', ['-c', prepare], { cwd, env, encoding: 'utf8' });

  it('points core.hooksPath at .githooks in a git checkout', () => {
    const repo = tempDir();
    expect(git(repo, 'init', '-q').status).toBe(0);
    expect(run(repo).status).toBe(0);
    expect(git(repo, 'config', '--get', 'core.hooksPath').stdout).toBe('.githooks\n');
  });

  it('succeeds and does nothing outside one (a Docker build copies the tree without .git)', () => {
    const tree = tempDir();
    const result = run(tree);
    expect(result).toMatchObject({ status: 0, stderr: '' });
  });
});
