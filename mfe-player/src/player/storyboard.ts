import { useEffect, useState } from 'react';

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

/** The storyboard of the stream, once loaded (none when it has none or cannot be read). */
export function useStoryboard(url: string | null | undefined): StoryboardCue[] {
  const [cues, setCues] = useState<StoryboardCue[]>([]);
  // The token in the address changes on renewal; the thumbnails do not.
  const path = url?.split('?')[0];
  useEffect(() => {
    setCues([]);
    if (!url) return;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then((res) => (res.ok ? res.text() : ''))
      .then((text) => setCues(parseStoryboard(text, url)))
      .catch(() => undefined);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  return cues;
}
