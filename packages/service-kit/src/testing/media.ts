// Media for tests, browser journeys, the fault suite and the benchmark: a real video made by ffmpeg, and a
// tus upload in one PATCH. Free of vitest, so scripts outside the test runner import it too.
import { execFileSync } from 'node:child_process';
import { mediaToolPath } from '../media-tools';

/** The header every tus request carries. */
export const TUS_HEADERS = { 'tus-resumable': '1.0.0' } as const;

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** tus Upload-Metadata: the file's name and, when given, its claimed type. */
export const uploadMetadata = (filename: string, filetype?: string) =>
  [`filename ${b64(filename)}`, ...(filetype ? [`filetype ${b64(filetype)}`] : [])].join(',');

/**
 * Writes a real 16:9 H.264 + AAC video to `file`: `seconds` of ffmpeg's test pattern with a tone, at
 * `height` (x264 ultrafast: made quickly, then processed for real by whoever uploads it).
 */
export function makeTestVideo(
  file: string,
  { seconds = 6, height = 720, fps = 25, toneHz = 440 } = {},
): string {
  const width = Math.round((height * 16) / 9 / 2) * 2;
  execFileSync(mediaToolPath('ffmpeg'), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${toneHz}:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

export interface TusUpload {
  /** The asset id (the last segment of Location), when the upload was created. */
  id?: string;
  created: number;
  /** The creation's answer when it was refused. */
  refusal?: string;
  patched?: number;
}

/** Uploads bytes through the gateway over tus, all in one PATCH (`api`: the product's `/api/v1` URL). */
export async function uploadOverTus(
  api: string,
  token: string,
  bytes: Uint8Array,
  filename: string,
  filetype = 'video/mp4',
): Promise<TusUpload> {
  const auth = { ...TUS_HEADERS, authorization: `Bearer ${token}` };
  const created = await fetch(`${api}/media/uploads`, {
    method: 'POST',
    headers: {
      ...auth,
      'upload-length': String(bytes.length),
      'upload-metadata': uploadMetadata(filename, filetype),
    },
  });
  const id = created.headers.get('location')?.split('/').pop();
  if (!id) return { created: created.status, refusal: await created.text() };
  const patched = await fetch(`${api}/media/uploads/${id}`, {
    method: 'PATCH',
    headers: { ...auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  await patched.arrayBuffer();
  return { id, created: created.status, patched: patched.status };
}
