import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ProductStream } from '@catalyst/contracts';

/** A rendition the learner can pick (hls.js's level index; -1 is Auto). */
export interface QualityLevel {
  index: number;
  height: number;
}

export interface AdaptiveStream {
  /** The renditions offered (empty with native HLS, where the browser chooses). */
  levels: QualityLevel[];
  /** The chosen level, -1 for Auto. */
  chosen: number;
  /** The level playing now. */
  playing: number;
  choose(index: number): void;
  /** hls.js could not play here: play the video URL instead. */
  failed: boolean;
}

/** The stream token in an address (the renewed product page gives a new one before the old expires). */
const tokenOf = (url: string) => new URL(url, 'http://x.invalid').searchParams.get('token') ?? '';

/** An address with the current token in place of the one the playlist was read with. */
export function withToken(url: string, token: string): string {
  if (!token || !/[?&]token=/.test(url)) return url;
  return url.replace(/([?&]token=)[^&#]*/, `$1${encodeURIComponent(token)}`);
}

/**
 * Plays an HLS stream in the video element: natively where the browser can (Safari), else with hls.js,
 * loaded only now (pages without a stream never download it). Every playlist and segment request carries
 * the newest stream token, so a long lesson keeps playing past its first token's lifetime.
 */
export function useAdaptiveStream(videoRef: RefObject<HTMLVideoElement | null>, stream: ProductStream | null | undefined): AdaptiveStream {
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [chosen, setChosen] = useState(-1);
  const [playing, setPlaying] = useState(-1);
  const [failed, setFailed] = useState(false);
  const token = useRef('');
  const hlsRef = useRef<{ currentLevel: number; nextLevel: number } | null>(null);
  if (stream) token.current = tokenOf(stream.url);

  const assetId = stream?.assetId;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stream) return;
    setFailed(false);
    setLevels([]);
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = stream.url;
      return () => {
        video.removeAttribute('src');
      };
    }
    let cancelled = false;
    let destroy = () => undefined as void;
    void import('hls.js')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) return setFailed(true);
        const hls = new Hls({
          capLevelToPlayerSize: false,
          xhrSetup: (xhr, url) => xhr.open('GET', withToken(url, token.current), true),
        });
        hlsRef.current = hls;
        destroy = () => hls.destroy();
        hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => setLevels(data.levels.map((level, index) => ({ index, height: level.height }))));
        hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => setPlaying(data.level));
        let recoveries = 0;
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (recoveries++ < 3 && data.type === Hls.ErrorTypes.NETWORK_ERROR) return hls.startLoad();
          if (recoveries < 3 && data.type === Hls.ErrorTypes.MEDIA_ERROR) return hls.recoverMediaError();
          hls.destroy();
          setFailed(true);
        });
        hls.loadSource(withToken(stream.url, token.current));
        hls.attachMedia(video);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      hlsRef.current = null;
      destroy();
    };
    // A new token for the same asset is taken by xhrSetup, not by reloading the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [assetId, videoRef]);

  return {
    levels,
    chosen,
    playing,
    failed,
    choose(index) {
      setChosen(index);
      // currentLevel switches at once (flushing the buffer); Auto hands the choice back to hls.js.
      if (hlsRef.current) hlsRef.current.currentLevel = index;
    },
  };
}
