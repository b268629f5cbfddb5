import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
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

/** Seconds left before a token expires (its first part is the expiry, in Unix seconds). */
const secondsLeft = (token: string) => Number(token.split('.')[0]) - Date.now() / 1000;
/** A native player switches to a new token this long before the one it plays with expires. */
const NATIVE_RENEW_SECONDS = 6 * 60;

/**
 * What hls.js buffers before the first Play, in seconds: it fetches a segment while less than this is ahead,
 * so one segment. (maxMaxBufferLength caps the buffer its byte budget would otherwise set: minutes.)
 */
export const PAUSED_BUFFER = { maxBufferLength: 1, maxMaxBufferLength: 1 } as const;

/** The playlist of one rendition (its height), or the master playlist for Auto. */
export function playlistFor(
  stream: ProductStream,
  height: number | null,
  token = tokenOf(stream.url),
): string {
  const master = withToken(stream.url, token);
  return height === null ? master : master.replace('/master.m3u8', `/${height}p/index.m3u8`);
}

/** Whether this browser plays HLS itself (Safari); hls.js plays it elsewhere. */
const playsHlsNatively = () =>
  document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '';

/** The renditions a native player offers: every one of the stream's. */
const renditionLevels = (stream: ProductStream): QualityLevel[] =>
  stream.renditions.map((rendition, index) => ({ index, height: rendition.height }));

/** Points the video at another playlist, keeping the position and whether it was playing. */
function switchSource(video: HTMLVideoElement, url: string) {
  const time = video.currentTime;
  const playing = !video.paused && !video.ended;
  video.src = url;
  if (time > 0 || playing) {
    video.addEventListener(
      'loadedmetadata',
      () => {
        video.currentTime = time;
        if (playing) void video.play().catch(() => undefined);
      },
      { once: true },
    );
  }
}

/**
 * Plays an HLS stream in the video element: natively where the browser can (the quality menu then points
 * it at one rendition's playlist, or the master for Auto; the element's preload decides when it loads), else
 * with hls.js, downloaded and started only once `wanted` (the person's first sign of intent: pages without a
 * stream, or never played, never download it). Every request carries the newest stream token, so a long
 * lesson keeps playing past its first token's lifetime.
 */
export function useAdaptiveStream(
  videoRef: RefObject<HTMLVideoElement | null>,
  stream: ProductStream | null | undefined,
  wanted: boolean,
): AdaptiveStream {
  const [native] = useState(playsHlsNatively);
  const [levels, setLevels] = useState<QualityLevel[]>(() =>
    native && stream ? renditionLevels(stream) : [],
  );
  const [chosen, setChosen] = useState(-1);
  const [playing, setPlaying] = useState(-1);
  const [failed, setFailed] = useState(false);
  const assetId = stream?.assetId;
  // Another asset's stream starts afresh: its own renditions, Auto, and a new chance to play.
  const [shownAsset, setShownAsset] = useState(assetId);
  if (assetId !== shownAsset) {
    setShownAsset(assetId);
    if (stream) {
      setFailed(false);
      setChosen(-1);
      setPlaying(-1);
      setLevels(native ? renditionLevels(stream) : []);
    }
  }
  // The stream as the page has it now (its token renews), for requests and choices made after this render.
  const token = useRef('');
  const latest = useRef(stream);
  useLayoutEffect(() => {
    latest.current = stream;
    if (stream) token.current = tokenOf(stream.url);
  });
  const hlsRef = useRef<{ currentLevel: number } | null>(null);
  // (a native player is given its address at once, preload="none" holding it back: the intent changes nothing)
  const attach = native || wanted;

  // A new token for the same asset is taken per request (hls.js) or when the old one nears its end (native).
  useEffect(() => {
    const video = videoRef.current;
    const stream = latest.current;
    if (!video || !stream) return;
    if (native) {
      video.src = stream.url;
      return () => {
        video.removeAttribute('src');
        video.load();
      };
    }
    if (!attach) return;
    let cancelled = false;
    let destroy = () => undefined as void;
    void import('hls.js/light')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) return setFailed(true);
        // Play pressed before hls.js was in (a tap starts the load and plays at once): the element waits,
        // unpaused, and plays once the stream is attached.
        const playPressed = !video.paused;
        const hls = new Hls({
          capLevelToPlayerSize: false,
          // Until the first Play, one segment: the first frame, the duration and a resumed position, as the
          // element's preload="metadata" asks (hls.js does not read it; left alone it fetched the whole lesson
          // as soon as it started). Playing, hls.js buffers as it always does.
          ...(playPressed ? {} : PAUSED_BUFFER),
          xhrSetup: (xhr, url) => xhr.open('GET', withToken(url, token.current), true),
        });
        // (a browser that dropped that waiting play when the stream took the element over is asked again)
        if (playPressed)
          hls.once(Hls.Events.MEDIA_ATTACHED, () => {
            if (video.paused) void video.play().catch(() => undefined);
          });
        const onPlay = () => {
          hls.config.maxBufferLength = Hls.DefaultConfig.maxBufferLength;
          hls.config.maxMaxBufferLength = Hls.DefaultConfig.maxMaxBufferLength;
        };
        video.addEventListener('play', onPlay, { once: true });
        hlsRef.current = hls;
        destroy = () => {
          video.removeEventListener('play', onPlay);
          hls.destroy();
        };
        hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) =>
          setLevels(data.levels.map((level, index) => ({ index, height: level.height }))),
        );
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
  }, [assetId, native, videoRef, attach]);

  // A native player keeps the address it was given: it moves to the new token before the old one expires.
  const url = stream?.url;
  useEffect(() => {
    const video = videoRef.current;
    const current = latest.current;
    if (!video || !current || !native || !video.currentSrc) return;
    const playingToken = new URL(video.currentSrc).searchParams.get('token') ?? '';
    if (playingToken === token.current || secondsLeft(playingToken) > NATIVE_RENEW_SECONDS) return;
    switchSource(
      video,
      playlistFor(current, chosen < 0 ? null : (current.renditions[chosen]?.height ?? null), token.current),
    );
  }, [url, chosen, native, videoRef]);

  return {
    levels,
    chosen,
    playing: native ? chosen : playing,
    failed,
    choose(index) {
      setChosen(index);
      const video = videoRef.current;
      const current = latest.current;
      if (native && video && current) {
        switchSource(
          video,
          playlistFor(current, index < 0 ? null : (current.renditions[index]?.height ?? null), token.current),
        );
        return;
      }
      // hls.js: currentLevel switches at once (flushing the buffer); Auto (-1) hands the choice back to it.
      if (hlsRef.current) hlsRef.current.currentLevel = index;
    },
  };
}
