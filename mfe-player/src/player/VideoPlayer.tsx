import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
  type RefObject,
} from 'react';
import {
  ExitFullscreenIcon,
  FullscreenIcon,
  PauseIcon,
  PlayIcon,
  VolumeHighIcon,
  VolumeLowIcon,
  VolumeMutedIcon,
} from './icons';
import { formatPlayerTime, useLanguage, useStrings } from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import { restorePosition } from '../progress/policy';
import {
  captionsTrackOf,
  PLAYBACK_RATES,
  VOLUME_STEP,
  bufferedEnd,
  clampVolume,
  commandForKey,
  type PlayerCommand,
} from './playerKeys';
import { readPreferences, savePreferences, type PlayerPreferences } from './preferences';
import { cueAt, useStoryboard } from './storyboard';
import { useAdaptiveStream } from './useAdaptiveStream';
import type { Autoplay } from './useAutoplay';
import type { ProductStream } from '@catalyst/contracts';
import { videoPosterOf, viewportPixels } from '@catalyst/contracts/images';
import styles from './VideoPlayer.module.css';

/** What the page can do to the player (Reset rewinds it). */
export interface VideoPlayerHandle {
  seekTo(seconds: number): void;
  currentTime(): number;
}

export interface VideoPlayerProps {
  /** The progressive file (an MP4): what plays when there is no stream, or while the browser cannot play it. */
  src: string | null;
  /** An adaptive HLS stream (uploaded video): played in preference to src, with a quality menu and seek thumbnails. */
  stream?: ProductStream | null;
  poster?: string | null;
  title: string;
  /** A WebVTT captions file; the CC button appears only when it loads. */
  captionsUrl?: string | null;
  /** The captions' language (BCP 47; none: English). */
  captionsLanguage?: string | null;
  /** The saved position, once known: playback resumes there (or at the start when it was left at the end). */
  startAt?: number | null;
  /** The video's own length, once known (and when it changes). */
  onDuration?: (duration: number) => void;
  onTimeUpdate?: (position: number, duration: number) => void;
  onPause?: (position: number, duration: number) => void;
  onSeeked?: (position: number, duration: number) => void;
  onEnded?: (duration: number) => void;
  /** Starts playing once the start position is applied (the next lesson of a course, after its countdown). */
  autoPlay?: boolean;
  handleRef?: Ref<VideoPlayerHandle>;
  /** Seconds marked on the seek bar (the learner's notes). */
  marks?: readonly number[];
  /** Seconds of the transcript's search matches, marked on the seek bar as the notes are (another colour). */
  matches?: readonly number[];
  /** The Autoplay switch (a course's lesson: on, the next lesson starts after a countdown); none without it. */
  autoplayNext?: Autoplay;
  /**
   * What Full screen fills, when not the player itself: a box around it that stays while the player is
   * replaced (a course's next lesson plays in full screen too). The player fills it while it is full screen.
   */
  fullscreenRoot?: RefObject<HTMLElement | null>;
}

const HIDE_CONTROLS_AFTER_MS = 2_500;

/** A custom video player: play/pause, seek with buffered range, volume, mute, speed, captions, fullscreen, keys. */
export function VideoPlayer({
  src,
  stream,
  poster,
  title,
  captionsUrl,
  captionsLanguage,
  startAt,
  onDuration,
  onTimeUpdate,
  onPause,
  onSeeked,
  onEnded,
  autoPlay = false,
  handleRef,
  marks,
  matches,
  autoplayNext,
  fullscreenRoot,
}: VideoPlayerProps) {
  const t = useStrings(playerStrings);
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const fullscreenTarget = () => fullscreenRoot?.current ?? frameRef.current;
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [buffered, setBuffered] = useState(0);
  // this browser's speed and volume carry over from the last video, shown before it loads
  const [preferred] = useState(readPreferences);
  const [volume, setVolume] = useState(preferred.volume);
  const [muted, setMuted] = useState(preferred.muted);
  const [rate, setRate] = useState(preferred.rate);
  // (a player put in place while its box is full screen, the next lesson, starts full screen)
  const [fullscreen, setFullscreen] = useState(
    () => !!fullscreenRoot?.current && document.fullscreenElement === fullscreenRoot.current,
  );
  /** The captions file whose track has loaded (CC is offered for it). */
  const [loadedCaptions, setLoadedCaptions] = useState<string | null>(null);
  const [captionsOn, setCaptionsOn] = useState(false);
  const [cue, setCue] = useState<{ captionsUrl: string; text: string } | null>(null);
  const captionsAvailable = !!captionsUrl && loadedCaptions === captionsUrl;
  // (the player renders again at every time update: the language's name is looked up once)
  const shownIn = useLanguage();
  const track = useMemo(() => captionsTrackOf(captionsLanguage, shownIn), [captionsLanguage, shownIn]);
  const cueText = cue !== null && cue.captionsUrl === captionsUrl ? cue.text : '';
  const trackRef = useRef<HTMLTrackElement>(null);
  const [controlsVisible, setControlsVisible] = useState(true);
  const [announcement, setAnnouncement] = useState('');
  const restored = useRef(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The video loads on the first sign that the person means to watch, not with the page: a pointer coming
  // over the player (a finger only when it lifts: a swipe that scrolls past is not one), the focus in it, Play,
  // a seek (a transcript line, a note), a key, or a play the page asked for (the next lesson). Until then the
  // element has preload="none" (the browser fetches nothing: Chromium's own HLS took five segments with
  // "metadata") and hls.js is not even downloaded; the poster is all that shows. A saved position is not a
  // sign: most visits to a started video are to read, mark or leave it, and the position needs no media until
  // Play (the page's handle reports it meanwhile, and it is applied as soon as the metadata is in).
  const [wanted, setWanted] = useState(autoPlay);
  if (autoPlay && !wanted) setWanted(true);
  const want = useCallback(() => setWanted(true), []);
  const media = () => videoRef.current;
  const adaptive = useAdaptiveStream(videoRef, stream, wanted);
  const streaming = !!stream && !adaptive.failed;
  // measured once: turning the phone does not fetch the poster again
  const [posterPixels] = useState(viewportPixels);
  // The seek-bar thumbnails are read when a mouse first comes over the seek bar, not with the page: most
  // visits never scrub, and touch never shows them. A thumbnail shows as soon as they arrive.
  const [scrubbed, setScrubbed] = useState(false);
  const storyboard = useStoryboard(streaming && scrubbed ? stream?.storyboardUrl : null);
  const [hover, setHover] = useState<number | null>(null); // where the mouse is along the seek bar (0–1)
  const hoverCue = hover !== null && duration > 0 ? cueAt(storyboard, hover * duration) : undefined;
  const preview =
    hover !== null && hoverCue ? { cue: hoverCue, time: hover * duration, left: hover * 100 } : null;
  // The file's address is set here, not rendered: a renewed address (a fresh signature for the same video)
  // must not restart the lesson, and only before the new address is set can the position and play state be
  // read, to be put back once it has loaded. (A stream keeps its own source: its token renews without one.)
  const fileSrc = streaming ? null : src;
  useLayoutEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!fileSrc) return video.removeAttribute('src');
    const renewing = video.hasAttribute('src');
    const time = video.currentTime;
    const playing = !video.paused;
    video.src = fileSrc;
    if (!renewing) return;
    const restore = () => {
      video.currentTime = time;
      if (playing) void video.play().catch(() => undefined);
    };
    video.addEventListener('loadedmetadata', restore, { once: true });
    return () => video.removeEventListener('loadedmetadata', restore);
  }, [fileSrc]);
  const knownDuration = (video: HTMLVideoElement) => (Number.isFinite(video.duration) ? video.duration : 0);

  // Where the video is, or before it has loaded, where Play will start (a note taken, Mark Complete or an
  // arrow key pressed before the saved position is applied count from there).
  const startRef = useRef(startAt);
  useLayoutEffect(() => {
    startRef.current = startAt;
  });
  const position = useCallback((video: HTMLVideoElement) => {
    const pending = video.readyState === 0 && !restored.current ? (startRef.current ?? 0) : 0;
    return pending > 0 ? pending : video.currentTime;
  }, []);

  // the page's handle: Reset rewinds through it
  useImperativeHandle(
    handleRef,
    (): VideoPlayerHandle => ({
      seekTo: (seconds) => {
        const video = media();
        if (!video) return;
        // a place the learner chose (a note, a transcript line, Reset): the resume position must not follow it
        restored.current = true;
        video.currentTime = Math.max(0, seconds);
        want();
      },
      currentTime: () => {
        const video = media();
        return video ? position(video) : 0;
      },
    }),
    [want, position],
  );

  // the element follows them from the start (a stream's address, set after this, keeps the default speed),
  // and again once the metadata is in
  useLayoutEffect(() => {
    if (videoRef.current) applyPreferences(videoRef.current, preferred);
  }, [preferred]);

  // resume where the learner left off, once both the position and the duration are known
  const applyStart = useCallback(() => {
    const video = media();
    if (!video || restored.current || startAt === null || startAt === undefined || !(video.readyState >= 1))
      return;
    restored.current = true;
    const position = restorePosition(startAt, knownDuration(video));
    if (position > 0) {
      video.currentTime = position;
      setTime(position);
    }
    // a browser that refuses to start on its own leaves the Play button to the learner
    if (autoPlay) void video.play()?.catch(() => undefined);
  }, [startAt, autoPlay]);
  useEffect(applyStart, [applyStart]);

  // Captions: the track reads the WebVTT file itself, and CC is offered once it has loaded (a missing file
  // fires error instead). Its mode is hidden: the cues still fire, but the browser's own caption box sits
  // under the controls and does not scale, so the player draws the current cue itself, above the controls.
  // The listeners are there from the commit that puts the track in, before it starts loading.
  useLayoutEffect(() => {
    const element = trackRef.current;
    if (!element || !captionsUrl) return;
    const onLoad = () => setLoadedCaptions(captionsUrl);
    element.addEventListener('load', onLoad);
    const track = element.track as TextTrack | undefined;
    const onCueChange = () => track && setCue({ captionsUrl, text: activeCueText(track) });
    track?.addEventListener('cuechange', onCueChange);
    if (track) track.mode = 'hidden'; // a disabled track never loads
    return () => {
      element.removeEventListener('load', onLoad);
      track?.removeEventListener('cuechange', onCueChange);
    };
  }, [captionsUrl]);

  useEffect(() => {
    const target = () => fullscreenRoot?.current ?? frameRef.current;
    const onChange = () => setFullscreen(!!target() && document.fullscreenElement === target());
    document.addEventListener('fullscreenchange', onChange);
    // the keys work in full screen from the start (the lesson's title, which had the focus, is not shown)
    if (fullscreenRoot?.current && document.fullscreenElement === fullscreenRoot.current)
      frameRef.current?.focus({ preventScroll: true });
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [fullscreenRoot]);

  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  const revealControls = useCallback(() => {
    setControlsVisible(true);
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => {
      if (!media()?.paused) setControlsVisible(false);
    }, HIDE_CONTROLS_AFTER_MS);
  }, []);

  const togglePlay = useCallback(() => {
    const video = media();
    if (!video) return;
    want();
    // (called at once, not after the load: the browser lets a click start the sound; hls.js, attached a moment
    // later, carries the play on)
    if (video.paused || video.ended) void video.play()?.catch(() => undefined);
    else video.pause();
  }, [want]);

  const seekTo = (seconds: number) => {
    const video = media();
    if (!video) return;
    want();
    restored.current = true;
    const end = knownDuration(video);
    video.currentTime = Math.min(Math.max(0, seconds), end || seconds);
    setTime(video.currentTime);
  };

  const changeVolume = (next: number) => {
    const video = media();
    if (!video) return;
    const value = clampVolume(next);
    video.volume = value;
    video.muted = value === 0;
    savePreferences({ volume: value, muted: video.muted });
    setAnnouncement(t('player.volumeAt', { percent: Math.round(value * 100) }));
  };

  const toggleMute = () => {
    const video = media();
    if (!video) return;
    video.muted = !video.muted;
    if (!video.muted && video.volume === 0) video.volume = VOLUME_STEP * 5;
    savePreferences({ volume: video.volume, muted: video.muted });
    setAnnouncement(t(video.muted ? 'player.muted' : 'player.unmuted'));
  };

  const toggleFullscreen = () => {
    const target = fullscreenTarget();
    if (!target) return;
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    else void target.requestFullscreen?.().catch(() => undefined);
  };

  const changeRate = (next: number) => {
    const video = media();
    if (!video) return;
    video.playbackRate = next;
    setRate(next);
    savePreferences({ rate: next });
  };

  const run = (command: PlayerCommand) => {
    const video = media();
    if (!video) return;
    switch (command.kind) {
      case 'toggle-play':
        return togglePlay();
      case 'seek-by':
        return seekTo(position(video) + command.seconds);
      case 'volume-by':
        return changeVolume((video.muted ? 0 : video.volume) + command.delta);
      case 'toggle-mute':
        return toggleMute();
      case 'toggle-fullscreen':
        return toggleFullscreen();
      case 'toggle-captions':
        if (captionsAvailable) setCaptionsOn((on) => !on);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    const command = commandForKey(event.key);
    if (!command) return;
    // native controls keep their own keys: a focused button clicks on space, sliders and menus use arrows
    if (command.kind === 'toggle-play' && event.key === ' ' && target.tagName === 'BUTTON') return;
    if ((target.tagName === 'INPUT' || target.tagName === 'SELECT') && event.key.startsWith('Arrow')) return;
    if (target.tagName === 'SELECT' && event.key === ' ') return;
    event.preventDefault();
    want();
    revealControls();
    run(command);
  };

  const progressPercent = duration > 0 ? (time / duration) * 100 : 0;
  const bufferedPercent = duration > 0 ? Math.min(100, (buffered / duration) * 100) : 0;
  const shownVolume = muted ? 0 : volume;

  return (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- the player is one keyboard widget: its keys work from anywhere in it
    <div
      ref={frameRef}
      className={[
        styles.frame,
        controlsVisible || !playing ? styles.showControls : '',
        fullscreen ? styles.fill : '',
      ].join(' ')}
      tabIndex={0} // eslint-disable-line jsx-a11y-x/no-noninteractive-tabindex -- the frame takes the focus so the player's keys work before any control has it
      role="region"
      aria-label={t('player.region', { title })}
      onKeyDown={onKeyDown}
      // A browser that does not focus a clicked button (Safari) would leave the keys with the page.
      onClick={() => {
        const frame = frameRef.current;
        if (frame && !frame.contains(document.activeElement)) frame.focus({ preventScroll: true });
      }}
      onPointerEnter={(e) => e.pointerType !== 'touch' && want()}
      onPointerUp={want}
      onMouseMove={() => {
        want(); // (a mouse already over the player when the page came: its first move)
        revealControls();
      }}
      onFocus={() => {
        want();
        revealControls();
      }}
      data-testid="video-player"
    >
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption -- the captions track is below, whenever the video has a captions file */}
      <video
        ref={videoRef}
        className={styles.video}
        poster={videoPosterOf(streaming ? stream : null, poster, posterPixels) ?? undefined}
        preload={wanted ? 'metadata' : 'none'}
        playsInline
        onClick={togglePlay}
        onDoubleClick={toggleFullscreen}
        onLoadedMetadata={(e) => {
          const video = e.currentTarget;
          setDuration(knownDuration(video));
          applyPreferences(video, readPreferences());
          if (knownDuration(video) > 0) onDuration?.(knownDuration(video));
          setVolume(video.volume);
          setMuted(video.muted);
          setRate(video.playbackRate);
          applyStart();
        }}
        onDurationChange={(e) => {
          const length = knownDuration(e.currentTarget);
          setDuration(length);
          if (length > 0) onDuration?.(length);
        }}
        onPlay={() => {
          want(); // (a play from anywhere: the page, the system's media keys)
          setPlaying(true);
          setStarted(true);
          revealControls();
        }}
        onPause={(e) => {
          setPlaying(false);
          setControlsVisible(true);
          const video = e.currentTarget;
          onPause?.(video.currentTime, knownDuration(video));
        }}
        onTimeUpdate={(e) => {
          const video = e.currentTarget;
          setTime(video.currentTime);
          setBuffered(bufferedEnd(video.buffered, video.currentTime));
          if (!video.paused && !video.seeking) onTimeUpdate?.(video.currentTime, knownDuration(video));
        }}
        onProgress={(e) => setBuffered(bufferedEnd(e.currentTarget.buffered, e.currentTarget.currentTime))}
        onSeeked={(e) => {
          const video = e.currentTarget;
          setTime(video.currentTime);
          onSeeked?.(video.currentTime, knownDuration(video));
        }}
        onEnded={(e) => {
          setPlaying(false);
          onEnded?.(knownDuration(e.currentTarget));
        }}
        onVolumeChange={(e) => {
          setVolume(e.currentTarget.volume);
          setMuted(e.currentTarget.muted);
        }}
        onRateChange={(e) => setRate(e.currentTarget.playbackRate)}
      >
        {captionsUrl ? (
          <track
            key={captionsUrl}
            ref={trackRef}
            kind="captions"
            src={captionsUrl}
            srcLang={track.srcLang}
            label={track.label}
          />
        ) : null}
      </video>

      {captionsOn && cueText ? (
        <div className={styles.captions} data-testid="captions">
          <span className={styles.cue}>{cueText}</span>
        </div>
      ) : null}

      {!started ? (
        <button
          type="button"
          className={styles.bigPlay}
          onClick={() => {
            // The button goes once playing starts: the focus moves to the player first, so its keys keep
            // working (and Space plays and pauses rather than scrolling the page).
            frameRef.current?.focus({ preventScroll: true });
            togglePlay();
          }}
          aria-label={t('player.playVideo')}
        >
          <PlayIcon />
        </button>
      ) : null}

      {/* a timeline runs left to right in every language: the controls keep that direction in Arabic too */}
      <div className={styles.controls} dir="ltr">
        <div
          className={styles.seekWrap}
          onMouseMove={(e) => {
            if (!streaming || !stream?.storyboardUrl) return;
            setScrubbed(true);
            const box = e.currentTarget.getBoundingClientRect();
            setHover(Math.min(1, Math.max(0, (e.clientX - box.left) / box.width)));
          }}
          onMouseLeave={() => setHover(null)}
        >
          {preview ? (
            <div
              className={styles.thumbnail}
              style={{ left: `${preview.left}%`, width: preview.cue.width }}
              data-testid="seek-thumbnail"
              aria-hidden="true"
            >
              <div
                className={styles.thumbnailImage}
                style={{
                  width: preview.cue.width,
                  height: preview.cue.height,
                  backgroundImage: `url("${preview.cue.url}")`,
                  backgroundPosition: `-${preview.cue.x}px -${preview.cue.y}px`,
                }}
              />
              <span className={styles.thumbnailTime}>{formatPlayerTime(preview.time)}</span>
            </div>
          ) : null}
          <div className={styles.seekTrack} aria-hidden="true">
            <div
              className={styles.seekBuffered}
              style={{ width: `${bufferedPercent}%` }}
              data-testid="buffered-range"
            />
            <div className={styles.seekPlayed} style={{ width: `${progressPercent}%` }} />
            <SeekMarks seconds={marks} duration={duration} kind="note" />
            <SeekMarks seconds={matches} duration={duration} kind="match" />
          </div>
          <input
            className={styles.seek}
            type="range"
            min={0}
            max={duration || 0}
            step={0.1}
            value={Math.min(time, duration || 0)}
            onChange={(e) => seekTo(Number(e.target.value))}
            aria-label={t('player.seek')}
            aria-valuetext={t('player.seekValue', {
              time: formatPlayerTime(time),
              duration: formatPlayerTime(duration),
            })}
            disabled={duration <= 0}
          />
        </div>
        <div className={styles.row}>
          <button
            type="button"
            className={styles.control}
            onClick={togglePlay}
            aria-label={t(playing ? 'player.pause' : 'player.play')}
            title={t(playing ? 'player.pauseKey' : 'player.playKey')}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button
            type="button"
            className={styles.control}
            onClick={toggleMute}
            aria-label={t(muted || volume === 0 ? 'player.unmute' : 'player.mute')}
            title={t('player.muteKey')}
          >
            {muted || volume === 0 ? (
              <VolumeMutedIcon />
            ) : volume < 0.5 ? (
              <VolumeLowIcon />
            ) : (
              <VolumeHighIcon />
            )}
          </button>
          <input
            className={styles.volume}
            type="range"
            min={0}
            max={1}
            step={VOLUME_STEP}
            value={shownVolume}
            onChange={(e) => changeVolume(Number(e.target.value))}
            aria-label={t('player.volume')}
            aria-valuetext={`${Math.round(shownVolume * 100)}%`}
          />
          <span className={styles.time} data-testid="player-time">
            {formatPlayerTime(time)} / {formatPlayerTime(duration)}
          </span>
          <span className={styles.spacer} />
          <label className={styles.rateLabel}>
            <span className="ck-visually-hidden">{t('player.speed')}</span>
            <select
              className={styles.rate}
              value={rate}
              onChange={(e) => changeRate(Number(e.target.value))}
              aria-label={t('player.speed')}
            >
              {PLAYBACK_RATES.map((r) => (
                <option key={r} value={r}>
                  {r}×
                </option>
              ))}
            </select>
          </label>
          {streaming && adaptive.levels.length > 0 ? (
            <label className={styles.rateLabel}>
              <span className="ck-visually-hidden">{t('player.quality')}</span>
              <select
                className={styles.rate}
                value={adaptive.chosen}
                onChange={(e) => adaptive.choose(Number(e.target.value))}
                aria-label={t('player.quality')}
                data-testid="quality-menu"
              >
                <option value={-1}>
                  {t('player.qualityAuto')}
                  {adaptive.chosen === -1 && adaptive.levels[adaptive.playing]
                    ? ` (${adaptive.levels[adaptive.playing]!.height}p)`
                    : ''}
                </option>
                {adaptive.levels.map((level) => (
                  <option key={level.index} value={level.index}>
                    {level.height}p
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {autoplayNext ? (
            <button
              type="button"
              className={[styles.control, autoplayNext.on ? styles.active : ''].join(' ')}
              onClick={() => autoplayNext.change(!autoplayNext.on)}
              aria-pressed={autoplayNext.on}
              aria-label={t('player.autoplay')}
              title={t(autoplayNext.on ? 'player.autoplayOn' : 'player.autoplayOff')}
            >
              {t('player.autoplayShort')}
            </button>
          ) : null}
          {captionsAvailable ? (
            <button
              type="button"
              className={[styles.control, captionsOn ? styles.active : ''].join(' ')}
              onClick={() => setCaptionsOn((on) => !on)}
              aria-pressed={captionsOn}
              aria-label={t('player.captions')}
              title={t('player.captionsKey')}
            >
              {t('player.captionsShort')}
            </button>
          ) : null}
          <button
            type="button"
            className={styles.control}
            onClick={toggleFullscreen}
            aria-label={t(fullscreen ? 'player.exitFullScreen' : 'player.fullScreen')}
            title={t('player.fullScreenKey')}
          >
            {fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
          </button>
        </div>
      </div>
      <span className="ck-visually-hidden" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}

/** Puts this browser's speed and volume on the element (the speed as its default too: a new source keeps it). */
function applyPreferences(video: HTMLVideoElement, preferences: PlayerPreferences) {
  video.defaultPlaybackRate = preferences.rate;
  video.playbackRate = preferences.rate;
  video.volume = preferences.volume;
  video.muted = preferences.muted;
}

/** Seconds marked along the seek bar: the learner's notes, or the transcript's search matches. */
function SeekMarks({
  seconds,
  duration,
  kind,
}: {
  seconds: readonly number[] | undefined;
  duration: number;
  kind: 'note' | 'match';
}) {
  if (!seconds || duration <= 0) return null;
  return seconds.map((at, i) => (
    <span
      key={`${at}-${i}`}
      className={kind === 'note' ? styles.seekMark : `${styles.seekMark} ${styles.seekMatch}`}
      style={{ left: `${Math.min(100, (at / duration) * 100)}%` }}
      data-testid={kind === 'note' ? 'seek-mark' : 'seek-match'}
    />
  ));
}

/** The text of the cues showing now, without WebVTT markup (voice and style tags). */
function activeCueText(track: TextTrack): string {
  const cues = Array.from(track.activeCues ?? []) as Array<TextTrackCue & { text?: string }>;
  return cues
    .map((cue) => (cue.text ?? '').replace(/<[^>]*>/g, '').trim())
    .filter(Boolean)
    .join('\n');
}
