/** Keyboard shortcuts of the player: what a key does, independent of React and the DOM. */
export type PlayerCommand =
  | { kind: 'toggle-play' }
  | { kind: 'seek-by'; seconds: number }
  | { kind: 'volume-by'; delta: number }
  | { kind: 'toggle-mute' }
  | { kind: 'toggle-fullscreen' }
  | { kind: 'toggle-captions' };

export const SEEK_STEP_SECONDS = 5;
export const VOLUME_STEP = 0.1;
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** The command of a key, or null when the player leaves the key alone. */
export function commandForKey(key: string): PlayerCommand | null {
  switch (key) {
    case ' ':
    case 'Spacebar':
    case 'k':
      return { kind: 'toggle-play' };
    case 'ArrowLeft':
      return { kind: 'seek-by', seconds: -SEEK_STEP_SECONDS };
    case 'ArrowRight':
      return { kind: 'seek-by', seconds: SEEK_STEP_SECONDS };
    case 'ArrowUp':
      return { kind: 'volume-by', delta: VOLUME_STEP };
    case 'ArrowDown':
      return { kind: 'volume-by', delta: -VOLUME_STEP };
    case 'm':
    case 'M':
      return { kind: 'toggle-mute' };
    case 'f':
    case 'F':
      return { kind: 'toggle-fullscreen' };
    case 'c':
    case 'C':
      return { kind: 'toggle-captions' };
    default:
      return null;
  }
}

/** Volume stays within 0–1 on a 0.1 grid (spec section 9). */
export function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return 1;
  return Math.min(1, Math.max(0, Math.round(volume * 10) / 10));
}

/** The end of the buffered range that holds the current time (what the seek bar shades), in seconds. */
export function bufferedEnd(
  buffered: Pick<TimeRanges, 'length' | 'start' | 'end'>,
  currentTime: number,
): number {
  let end = 0;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime + 0.5 && buffered.end(i) >= currentTime)
      end = Math.max(end, buffered.end(i));
  }
  return end;
}

/**
 * The captions file beside a video, with the video's own signed query (it opens them, beside the viewer's
 * media grant): /media/videos/lesson-1.mp4?exp=…&sig=… → /media/captions/lesson-1.vtt?exp=…&sig=….
 */
export function captionsUrlFor(videoUrl: string | null | undefined): string | null {
  if (!videoUrl) return null;
  const match = /^(.*)\/videos\/([^/?#]+)\.[a-z0-9]+(\?[^#]*)?(?:#.*)?$/i.exec(videoUrl);
  if (!match) return null;
  const signed = new URLSearchParams(match[3] ?? '');
  const query = new URLSearchParams();
  for (const name of ['exp', 'sig']) {
    const value = signed.get(name);
    if (value !== null) query.set(name, value);
  }
  const search = query.toString();
  return `${match[1]}/captions/${match[2]}.vtt${search ? `?${search}` : ''}`;
}

/** Captions' language (BCP 47) as the player and the transcript read them: none named is English (the demos). */
export const captionsLangOf = (language?: string | null): string => language || 'en';

/**
 * The captions track the player offers for captions in `language` (BCP 47, as their upload named it; none:
 * English): its srclang, and its label in the words of the page's language `shownIn` ('Spanish', 'Portuguese
 * (Brazil)' in English), as the browser's captions menu and a screen reader say it. The transcript follows it:
 * its lines are read in this language.
 */
export function captionsTrackOf(
  language?: string | null,
  shownIn: string = 'en',
): { srcLang: string; label: string } {
  const srcLang = captionsLangOf(language);
  if (srcLang === 'en' && shownIn === 'en') return { srcLang, label: 'English' };
  let label: string | undefined;
  try {
    // (Intl only here: English captions on an English page, the usual case, never load its language names)
    label = new Intl.DisplayNames([shownIn], { type: 'language' }).of(srcLang);
  } catch {
    // a tag Intl cannot name is shown as it is
  }
  return { srcLang, label: label ?? srcLang };
}
