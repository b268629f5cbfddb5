import { useEffect, useState } from 'react';
import { captionsLanguageOf, cueWords, parseWebVtt } from '@catalyst/contracts/captions';
import { playerStrings } from '../i18n/en';

/** One line of the transcript: when it is said (seconds) and its words as read on screen. */
export interface TranscriptLine {
  start: number;
  end: number;
  words: string;
}

export type TranscriptState =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `language`: the one the file's header names (null: none named). */
  | { status: 'ready'; lines: TranscriptLine[]; language: string | null };

/** The captions file's lines (the one the player's text track reads), fetched once per address. */
export function useTranscript(
  captionsUrl: string,
  captionsText?: string,
): { state: TranscriptState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [read, setRead] = useState<{ url: string; state: TranscriptState } | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      let state: TranscriptState;
      try {
        let text = captionsText;
        if (text === undefined) {
          const res = await fetch(captionsUrl, { credentials: 'same-origin' });
          if (!res.ok) throw new Error(`captions: ${res.status}`);
          text = await res.text();
        }
        const lines = parseWebVtt(text)
          .map((cue) => ({ start: cue.start, end: cue.end, words: cueWords(cue.text) }))
          .filter((line) => line.words !== '')
          .sort((a, b) => a.start - b.start);
        state = { status: 'ready', lines, language: captionsLanguageOf(text) };
      } catch {
        state = { status: 'failed' };
      }
      if (live) setRead({ url: captionsUrl, state });
    })();
    return () => {
      live = false;
    };
  }, [captionsUrl, captionsText, attempt]);
  // A renewed address (a fresh signature for the same file) keeps the lines read until the new ones come.
  const state: TranscriptState =
    read && (read.url === captionsUrl || read.state.status === 'ready') ? read.state : { status: 'loading' };
  return { state, retry: () => setAttempt((n) => n + 1) };
}

/** The line being said at `seconds`: the last one started (a pause between lines keeps the one before). */
export function lineAt(lines: readonly TranscriptLine[], seconds: number): number {
  let found = -1;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.start <= seconds + 0.05) found = i;
    else break;
  }
  return found;
}

/** A second in words, for a screen reader: "1 minute 5 seconds", "1 hour 2 minutes 3 seconds". */
export function spokenTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const parts: string[] = [];
  const { t } = playerStrings;
  if (s >= 3600) parts.push(t('time.hours', { count: Math.floor(s / 3600) }));
  if (s >= 60) parts.push(t('time.minutes', { count: Math.floor((s % 3600) / 60) }));
  parts.push(t('time.seconds', { count: s % 60 }));
  return parts.join(' ');
}
