import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

const COLORS = [36, 35, 33, 32, 34, 96, 95, 93];
const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

export function prefixFor(name: string, index: number): string {
  const label = `[${name}]`.padEnd(20);
  return useColor ? `\x1b[${COLORS[index % COLORS.length]}m${label}\x1b[0m` : label;
}

/**
 * Control characters written visibly (`\n`, `\r`, `\x1b`…): a value a client chose (a query, a webhook
 * event id) can never start a line of its own or repaint the terminal in the launcher's output.
 */
function escapeControl(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what this escapes
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => {
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    if (char === '\t') return '\\t';
    return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
}

/** One readable line from a pino JSON line: time, level, message and the remaining fields. */
export function formatLogLine(line: string): string {
  if (!line.startsWith('{')) return escapeControl(line);
  try {
    const {
      time,
      level,
      msg,
      service: _s,
      name: _n,
      pid: _p,
      hostname: _h,
      ...rest
    } = JSON.parse(line) as Record<string, unknown>;
    const clock = typeof time === 'string' ? time.slice(11, 19) : new Date().toISOString().slice(11, 19);
    const levelName = (LEVELS[Number(level)] ?? String(level ?? 'info')).padEnd(5);
    const fields = Object.entries(rest)
      .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(' ');
    return escapeControl(`${clock} ${levelName} ${msg ?? ''}${fields ? ` ${fields}` : ''}`);
  } catch {
    return escapeControl(line);
  }
}

/**
 * Pipes a child's output to ours whole lines at a time, as they came (JSON lines stay JSON, their `service`
 * names the process): a boundary search per chunk, no per-line work, and two children's lines never interleave.
 */
export function pipeLines(stream: Readable, write: (chunk: Buffer) => void = (b) => process.stdout.write(b)) {
  let partial: Buffer | undefined;
  stream.on('data', (chunk: Buffer) => {
    const end = chunk.lastIndexOf(10);
    if (end < 0) {
      partial = partial ? Buffer.concat([partial, chunk]) : chunk;
      return;
    }
    const lines = chunk.subarray(0, end + 1);
    write(partial ? Buffer.concat([partial, lines]) : lines);
    partial = end + 1 < chunk.length ? chunk.subarray(end + 1) : undefined;
  });
  stream.on('end', () => {
    if (partial) write(Buffer.concat([partial, Buffer.from('\n')]));
    partial = undefined;
  });
}

/** Pipes a child's output to ours, each line prefixed with the process name and made readable (development). */
export function pipeWithPrefix(
  stream: Readable,
  prefix: string,
  write: (s: string) => void = (s) => process.stdout.write(s),
) {
  createInterface({ input: stream }).on('line', (line) => write(`${prefix} ${formatLogLine(line)}\n`));
}
