import { useEffect, useEffectEvent, useState } from 'react';

/** One seek thumbnail: its time span and where it sits in its sheet. */
export interface StoryboardCue {
  start: number;
  end: number;
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const seconds = (stamp: string) => {
  const parts = stamp.trim().split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
};

/** The cues of a WebVTT storyboard (`sheet.jpg#xywh=x,y,w,h` per span), addresses resolved against its own. */
export function parseStoryboard(vtt: string, base: string): StoryboardCue[] {
  const cues: StoryboardCue[] = [];
  const lines = vtt.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const timing = /^([\d:.]+)\s+-->\s+([\d:.]+)/.exec(lines[i]!);
    const target = lines[i + 1];
    const match = target && /^(.*)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target.trim());
    if (!timing || !match) continue;
    cues.push({
      start: seconds(timing[1]!),
      end: seconds(timing[2]!),
      url: new URL(match[1]!, new URL(base, window.location.href)).toString(),
      x: Number(match[2]),
      y: Number(match[3]),
      width: Number(match[4]),
      height: Number(match[5]),
    });
  }
  return cues;
}

/** The thumbnail for a moment of the video. */
export const cueAt = (cues: StoryboardCue[], time: number) =>
  cues.find((cue) => time >= cue.start && time < cue.end) ?? cues[cues.length - 1];

const NO_CUES: StoryboardCue[] = [];

/** The storyboard of the stream, once loaded (none when it has none or cannot be read). */
export function useStoryboard(url: string | null | undefined): StoryboardCue[] {
  const [loaded, setLoaded] = useState<{ path: string; cues: StoryboardCue[] } | null>(null);
  // The token in the address changes on renewal; the thumbnails do not: they are read once per path, with
  // the address as it is then.
  const path = url?.split('?')[0];
  const addressNow = useEffectEvent(() => url);
  useEffect(() => {
    const address = addressNow();
    if (!path || !address) return;
    const controller = new AbortController();
    fetch(address, { signal: controller.signal })
      .then((res) => (res.ok ? res.text() : ''))
      .then((text) => setLoaded({ path, cues: parseStoryboard(text, address) }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [path]);
  return loaded !== null && loaded.path === path ? loaded.cues : NO_CUES;
}
