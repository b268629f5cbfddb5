import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Rendition } from '@catalyst/contracts';

const run = promisify(execFile);

/** A file ffmpeg cannot read as a video: the asset fails with this reason and is not retried. */
export class UndecodableError extends Error {}

export interface VideoFacts {
  durationSeconds: number;
  width: number;
  height: number;
  /** The first audio track's channels, at most 2 (0: no sound); the ladder never upmixes mono to stereo. */
  audioChannels: number;
}

interface ProbeStream {
  codec_type?: string;
  channels?: number;
  width?: number;
  height?: number;
  side_data_list?: Array<{ rotation?: number }>;
}

/** What ffprobe reads of a video: its length, its picture size (as shown, rotation applied) and whether it has sound. */
export async function probeVideo(ffprobe: string, file: string): Promise<VideoFacts> {
  let stdout: string;
  try {
    ({ stdout } = await run(
      ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: 60_000, maxBuffer: 8 * 1024 * 1024 },
    ));
  } catch (error) {
    const detail =
      String((error as { stderr?: string }).stderr ?? '')
        .trim()
        .split('\n')
        .pop() || 'unreadable file';
    throw new UndecodableError(`This file could not be read as a video (${detail.slice(0, 200)})`);
  }
  const probe = JSON.parse(stdout) as { format?: { duration?: string }; streams?: ProbeStream[] };
  const video = probe.streams?.find(
    (stream) => stream.codec_type === 'video' && stream.width && stream.height,
  );
  if (!video) throw new UndecodableError('This file has no video picture ffmpeg can decode');
  const durationSeconds = Number.parseFloat(probe.format?.duration ?? '');
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0)
    throw new UndecodableError('This video has no length ffmpeg can read');
  const audio = probe.streams?.find((stream) => stream.codec_type === 'audio');
  const rotated =
    Math.abs(video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? 0) % 180 === 90;
  return {
    durationSeconds,
    width: rotated ? video.height! : video.width!,
    height: rotated ? video.width! : video.height!,
    audioChannels: audio ? Math.min(2, Math.max(1, audio.channels ?? 2)) : 0,
  };
}

/**
 * The ladder: 360p, 720p and 1080p, never above the source (a smaller source gets one rendition at its own
 * height). Each rate is a cap, not a target: x264 encodes at constant quality (CRF) under it, so a lesson of
 * slides or a screen recording, most of what learners watch, takes a fraction of the cap, and only busy
 * footage reaches it. The cap is what the master playlist declares and what players plan for.
 */
const LADDER = [
  { height: 360, videoKbps: 800 },
  { height: 720, videoKbps: 2_800 },
  { height: 1080, videoKbps: 5_000 },
] as const;
/**
 * Which ladder a video's published files were made with, recorded with them: raised when a change of the
 * encode is worth processing existing videos again for. (1, before it was recorded: constant rates; 2:
 * capped constant quality, mono kept mono.)
 */
export const LADDER_VERSION = 2;
/** The ladder of a video made before the ladder was recorded (its `ladder` is null). */
export const FIRST_LADDER = 1;
/** x264's own default quality: visually clean at every step of the ladder. */
const VIDEO_CRF = 23;
/** AAC per channel: 64 kbps mono, 128 kbps stereo (a mono source stays mono). */
const AUDIO_KBPS_PER_CHANNEL = 64;
/** Segment length: within the 4–6 s players and CDNs expect. */
export const SEGMENT_SECONDS = 4;

export function ladderFor(sourceHeight: number): Array<{ height: number; videoKbps: number }> {
  const steps = LADDER.filter((step) => step.height <= sourceHeight);
  if (steps.length > 0) return [...steps];
  // Below 360p: one rendition at the source's own (even) height and the lowest step's rate.
  return [{ height: Math.max(2, sourceHeight - (sourceHeight % 2)), videoKbps: LADDER[0].videoKbps }];
}

/**
 * Transcodes to an HLS ladder in one ffmpeg run (one decode, one scale per rendition): H.264 main + AAC,
 * keyframes every segment, `<height>p/index.m3u8` with `seg_NNN.ts`, and `master.m3u8` over them.
 * Works with the system's ffmpeg and the older static binary of `@ffmpeg-installer/ffmpeg` alike.
 * Reports the share done (0–1) as ffmpeg goes.
 */
export async function transcodeHls(
  ffmpeg: string,
  file: string,
  outDir: string,
  facts: VideoFacts,
  onProgress: (done: number) => void,
): Promise<Rendition[]> {
  const ladder = ladderFor(facts.height);
  const hasAudio = facts.audioChannels > 0;
  // Renditions are written to 0/, 1/… (`name:` in -var_stream_map needs ffmpeg 4.2+; the npm installer's
  // binary is older) and renamed to <height>p/ afterwards, master playlist and all.
  await Promise.all(ladder.map((_, i) => mkdir(path.join(outDir, String(i)), { recursive: true })));
  const split = `[0:v]split=${ladder.length}${ladder.map((_, i) => `[s${i}]`).join('')}`;
  const scales = ladder.map(
    (step, i) => `[s${i}]scale=-2:${step.height}:flags=bicubic,format=yuv420p[v${i}]`,
  );
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    file,
    '-filter_complex',
    [split, ...scales].join(';'),
  ];
  ladder.forEach((step, i) => {
    args.push('-map', `[v${i}]`);
    if (hasAudio) args.push('-map', '0:a:0');
    args.push(
      `-c:v:${i}`,
      'libx264',
      `-maxrate:v:${i}`,
      `${maxrateKbps(step.videoKbps)}k`,
      `-bufsize:v:${i}`,
      `${step.videoKbps * 2}k`,
    );
  });
  args.push(
    '-crf',
    String(VIDEO_CRF),
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
  );
  if (hasAudio)
    args.push(
      '-c:a',
      'aac',
      '-b:a',
      `${audioKbps(facts)}k`,
      '-ac',
      String(facts.audioChannels),
      '-ar',
      '48000',
    );
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    path.join(outDir, '%v/seg_%03d.ts'),
    '-var_stream_map',
    ladder.map((_, i) => (hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' '),
    '-progress',
    'pipe:1',
    '-nostats',
    path.join(outDir, '%v/index.m3u8'),
  );
  await runFfmpeg(ffmpeg, args, facts.durationSeconds, onProgress);
  // The master playlist is written here, not by ffmpeg (the installer's older binary crashes writing it).
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const renditions = ladder.map((step) => ({
    height: step.height,
    bandwidth: peakBandwidth(step.videoKbps, facts),
  }));
  for (const [i, step] of ladder.entries()) {
    await rename(path.join(outDir, String(i)), path.join(outDir, `${step.height}p`));
    const width = Math.round((step.height * facts.width) / facts.height / 2) * 2;
    const codecs = [
      step.height > 720 ? 'avc1.4d4028' : 'avc1.4d401f',
      ...(hasAudio ? ['mp4a.40.2'] : []),
    ].join(',');
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${renditions[i]!.bandwidth},RESOLUTION=${width}x${step.height},CODECS="${codecs}"`,
      `${step.height}p/index.m3u8`,
    );
  }
  await writeFile(path.join(outDir, 'master.m3u8'), `${lines.join('\n')}\n`);
  return renditions;
}

const audioKbps = (facts: VideoFacts) => AUDIO_KBPS_PER_CHANNEL * facts.audioChannels;
/** The most a rendition's video may spend: its step's rate and 7 %. */
const maxrateKbps = (videoKbps: number) => Math.round(videoKbps * 1.07);

/** A rendition's peak bits per second as HLS declares it: the video's maxrate plus the audio. */
const peakBandwidth = (videoKbps: number, facts: VideoFacts) =>
  (maxrateKbps(videoKbps) + audioKbps(facts)) * 1000;

/**
 * A poster frame (a third of the way in, at most 10 s), at most 720 px high, taken losslessly (PNG) for
 * encodePoster to write as the JPEG players show: it is the largest paint of every video page.
 */
export async function extractPosterFrame(ffmpeg: string, file: string, outFile: string, facts: VideoFacts) {
  const at = Math.min(10, facts.durationSeconds / 3);
  await runFfmpeg(ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    at.toFixed(2),
    '-i',
    file,
    '-frames:v',
    '1',
    '-vf',
    `scale=-2:${Math.min(720, facts.height - (facts.height % 2))}`,
    '-f',
    'image2',
    '-c:v',
    'png',
    outFile,
  ]);
}

export const STORYBOARD_TILE_WIDTH = 160;
const STORYBOARD_COLUMNS = 10;
const STORYBOARD_ROWS = 10;

/**
 * Seek-bar thumbnails: one 160 px frame every `interval` seconds (about 100 over the video, at least 1 s
 * apart), tiled 10×10 into `sheet-N.jpg`, and `storyboard.vtt` naming each thumbnail's time span and tile.
 */
export async function makeStoryboard(ffmpeg: string, file: string, outDir: string, facts: VideoFacts) {
  const interval = Math.max(1, Math.ceil(facts.durationSeconds / 100));
  const tileHeight = Math.max(2, Math.round((STORYBOARD_TILE_WIDTH * facts.height) / facts.width / 2) * 2);
  const count = Math.max(1, Math.ceil(facts.durationSeconds / interval));
  await runFfmpeg(ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    file,
    '-vf',
    `fps=1/${interval},scale=${STORYBOARD_TILE_WIDTH}:${tileHeight},tile=${STORYBOARD_COLUMNS}x${STORYBOARD_ROWS}`,
    '-q:v',
    '5',
    '-start_number',
    '0',
    path.join(outDir, 'sheet-%d.jpg'),
  ]);
  const perSheet = STORYBOARD_COLUMNS * STORYBOARD_ROWS;
  const lines = ['WEBVTT', ''];
  for (let i = 0; i < count; i++) {
    const start = i * interval;
    const end = Math.min(facts.durationSeconds, start + interval);
    const tile = i % perSheet;
    const x = (tile % STORYBOARD_COLUMNS) * STORYBOARD_TILE_WIDTH;
    const y = Math.floor(tile / STORYBOARD_COLUMNS) * tileHeight;
    lines.push(
      `${vttTime(start)} --> ${vttTime(end)}`,
      `sheet-${Math.floor(i / perSheet)}.jpg#xywh=${x},${y},${STORYBOARD_TILE_WIDTH},${tileHeight}`,
      '',
    );
  }
  await writeFile(path.join(outDir, 'storyboard.vtt'), lines.join('\n'));
}

const vttTime = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = (ms % 60_000) / 1000;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${s.toFixed(3).padStart(6, '0')}`;
};

/** The ffmpeg runs of this process: a child outlives its parent unless ended, and would keep writing renditions. */
const running = new Set<ChildProcess>();

/** Ends every ffmpeg this process started and waits until each has exited (a stopping worker calls it last). */
export async function endRunningFfmpeg(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('close', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/** Runs ffmpeg; a non-zero exit is the file's fault (UndecodableError with ffmpeg's last words). */
function runFfmpeg(
  ffmpeg: string,
  args: string[],
  durationSeconds?: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    child.once('close', () => running.delete(child));
    let stderr = '';
    let pending = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // (out_time_ms is microseconds too, despite its name; older builds print only it)
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (match && durationSeconds && onProgress)
          onProgress(Math.min(1, Number(match[1]) / 1e6 / durationSeconds));
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const last = stderr.trim().split('\n').filter(Boolean).slice(-1)[0] ?? `exit ${code ?? signal}`;
      reject(new UndecodableError(`ffmpeg could not process this video (${last.slice(0, 200)})`));
    });
  });
}
