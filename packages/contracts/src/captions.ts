// Captions (WebVTT, SRT): read, checked line by line, written as WebVTT. Zod-free: the player reads a
// lesson's captions with it for the transcript, and media checks an admin's upload with it.

/** One cue: when it shows (seconds, fractions kept) and its text as written (WebVTT tags kept). */
export interface CaptionCue {
  start: number;
  end: number;
  text: string;
}

/** A file that cannot be read: the line (1-based) that is wrong, and the message naming it ("Line 7: …"). */
export class CaptionsError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
    this.name = 'CaptionsError';
  }
}

/** The largest captions file an admin may upload (a two-hour lecture's captions are about 150 KB). */
export const CAPTIONS_MAX_CHARS = 1_000_000;

const TIME = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)[.,](\d{3})$/;
const ARROW = /\s+-->\s+/;

/** A timestamp in seconds ("01:02.500", "1:01:02,500"), or null when it is not one. */
function secondsOf(stamp: string): number | null {
  const match = TIME.exec(stamp);
  if (!match) return null;
  const [, hours, minutes, seconds, millis] = match;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
}

/** The start and end of a timing line ("00:00:01.000 --> 00:00:04.000 align:start"); throws naming the line. */
function timingOf(
  line: string,
  lineNumber: number,
  format: 'WebVTT' | 'SRT',
): { start: number; end: number } {
  const [left, right = ''] = line.trim().split(ARROW);
  const rightStamp = right.trim().split(/\s+/)[0] ?? '';
  const example = format === 'SRT' ? '00:00:01,000 --> 00:00:04,000' : '00:00:01.000 --> 00:00:04.000';
  const start = secondsOf(left!.trim());
  if (start === null)
    throw new CaptionsError(lineNumber, `"${left!.trim()}" is not a start time (write it as ${example})`);
  const end = secondsOf(rightStamp);
  if (end === null)
    throw new CaptionsError(lineNumber, `"${rightStamp}" is not an end time (write it as ${example})`);
  if (end <= start) throw new CaptionsError(lineNumber, 'the cue ends before it starts');
  return { start, end };
}

/** Blocks of non-empty lines with the 1-based number of their first line. */
function blocksOf(text: string): Array<{ first: number; lines: string[] }> {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const blocks: Array<{ first: number; lines: string[] }> = [];
  let current: { first: number; lines: string[] } | null = null;
  lines.forEach((line, i) => {
    if (line.trim() === '') {
      current = null;
      return;
    }
    if (!current) {
      current = { first: i + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(line);
  });
  return blocks;
}

/** A WebVTT file's cues, in file order; throws a CaptionsError naming the first wrong line. */
export function parseWebVtt(text: string): CaptionCue[] {
  const blocks = blocksOf(text);
  const header = blocks[0];
  if (!header || !/^WEBVTT(?:[ \t].*)?$/.test(header.lines[0]!))
    throw new CaptionsError(header?.first ?? 1, 'a WebVTT file starts with WEBVTT');
  const cues: CaptionCue[] = [];
  for (const block of blocks.slice(1)) {
    const head = block.lines[0]!;
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(head)) continue;
    const at = head.includes('-->') ? 0 : 1;
    const timing = block.lines[at];
    if (timing === undefined || !timing.includes('-->'))
      throw new CaptionsError(
        block.first + at,
        'expected a cue timing such as 00:00:01.000 --> 00:00:04.000',
      );
    const { start, end } = timingOf(timing, block.first + at, 'WebVTT');
    cues.push({ start, end, text: block.lines.slice(at + 1).join('\n') });
  }
  return cues;
}

/** An SRT file's cues (number, timing, text); throws a CaptionsError naming the first wrong line. */
export function parseSrt(text: string): CaptionCue[] {
  const cues: CaptionCue[] = [];
  for (const block of blocksOf(text)) {
    const numbered = /^\d+$/.test(block.lines[0]!.trim());
    const at = numbered ? 1 : 0;
    const timing = block.lines[at];
    if (timing === undefined || !timing.includes('-->'))
      throw new CaptionsError(
        block.first + at,
        numbered
          ? 'expected a cue timing such as 00:00:01,000 --> 00:00:04,000'
          : 'expected a cue number or a cue timing such as 00:00:01,000 --> 00:00:04,000',
      );
    const { start, end } = timingOf(timing, block.first + at, 'SRT');
    const lines = block.lines.slice(at + 1);
    if (lines.length === 0) throw new CaptionsError(block.first + at, 'the cue has no text');
    cues.push({ start, end, text: lines.join('\n') });
  }
  if (cues.length === 0) throw new CaptionsError(1, 'the file holds no cues');
  return cues;
}

const stamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** SRT's text as WebVTT holds it: its <i>/<b>/<u> kept, other tags (<font>) and {\an8} codes left out, no "-->". */
const vttText = (text: string) =>
  text
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/<\/?(?!\/?[ibu]>)[^>]*>/gi, '')
    .replace(/&(?![a-z]+;|#\d+;)/gi, '&amp;')
    .replace(/-->/g, '→');

/** A language tag as captions name theirs (BCP 47: `en`, `es`, `pt-BR`, `zh-Hant`). */
export const CAPTIONS_LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** The header line naming a WebVTT file's language (`Language: es`, as YouTube and most editors write it). */
const LANGUAGE_LINE = /^Language:[ \t]*(\S+)[ \t]*$/i;

/** The language a WebVTT file's header names, or null (none, or not a language tag). */
export function captionsLanguageOf(vtt: string): string | null {
  const header = blocksOf(vtt)[0]?.lines ?? [];
  for (const line of header.slice(1)) {
    const tag = LANGUAGE_LINE.exec(line)?.[1];
    if (tag !== undefined) return CAPTIONS_LANGUAGE_TAG.test(tag) ? tag : null;
  }
  return null;
}

/** The cues as a WebVTT file (its header naming their language when known). */
export function toWebVtt(cues: readonly CaptionCue[], language?: string | null): string {
  const header = language ? `WEBVTT\nLanguage: ${language}` : 'WEBVTT';
  return `${header}\n\n${cues.map((cue) => `${stamp(cue.start)} --> ${stamp(cue.end)}\n${cue.text}\n`).join('\n')}`;
}

/** A WebVTT file with its header naming `language` (replacing any language it named). */
function withLanguage(vtt: string, language: string): string {
  const end = vtt.search(/\n\n/);
  const header = (end < 0 ? vtt : vtt.slice(0, end)).split('\n').filter((line) => !LANGUAGE_LINE.test(line));
  return (
    [header[0], `Language: ${language}`, ...header.slice(1)].join('\n') + (end < 0 ? '\n' : vtt.slice(end))
  );
}

/**
 * An uploaded captions file (WebVTT, or SRT converted) as the WebVTT kept, with its cues and language; a file
 * that starts with WEBVTT is read as WebVTT, anything else as SRT. The language asked for is written into the
 * header; none asked, the one the file names stands. Throws a CaptionsError naming the first wrong line.
 */
export function captionsToWebVtt(
  text: string,
  language?: string | null,
): { vtt: string; cues: CaptionCue[]; language: string | null } {
  if (/^\uFEFF?WEBVTT/.test(text)) {
    const cues = parseWebVtt(text);
    if (cues.length === 0) throw new CaptionsError(1, 'the file holds no cues');
    const vtt = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
    return language
      ? { vtt: withLanguage(vtt, language), cues, language }
      : { vtt, cues, language: captionsLanguageOf(vtt) };
  }
  const cues = parseSrt(text).map((cue) => ({ ...cue, text: vttText(cue.text) }));
  return { vtt: toWebVtt(cues, language), cues, language: language ?? null };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '', rlm: '' };

/** A cue's words as read on screen: tags (voices, styles, timestamps) left out, entities decoded, one line. */
export function cueWords(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}
