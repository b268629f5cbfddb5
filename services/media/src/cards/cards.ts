// A course page's link-preview card (og:image, twitter:image): a 1200×630 PNG with the course's title, its
// creator and its rating on the brand's plain background, drawn by ffmpeg (drawtext, with the DejaVu fonts the
// certificates use) the first time it is asked for and kept in the media store under the card's version, a hash
// of what it shows (@catalyst/contracts/course-card): a new title (or creator, or rating) is a new version, so
// a new address in the course page's head and a new file; the course's older cards are removed when the new one
// is kept. What it shows comes from content's public product (a visitor's view: drafts are not found).
import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { promisify } from 'node:util';
import { productRoutes, type PublicProduct } from '@catalyst/contracts';
import { CARD_HEIGHT, CARD_WIDTH, cardLines, cardVersion } from '@catalyst/contracts/course-card';
import {
  HttpError,
  mediaToolPath,
  notFound,
  unavailable,
  type Logger,
  type Peer,
} from '@catalyst/service-kit';
import { makeWorkDir } from '../processing/work-dirs';
import type { MediaStorage } from '../storage';

const run = promisify(execFile);

/** The words the card route answers with. */
export const CARD_MESSAGES = {
  notFound: 'Course not found',
  notDrawn: 'The course card cannot be drawn right now. Try again shortly.',
} as const;

/** The fonts the card is drawn with (the certificates'), from the repository root: media's image ships them. */
export const CARD_FONTS = [
  'services/progress/src/certificates/fonts/DejaVuSans-Bold.ttf',
  'services/progress/src/certificates/fonts/DejaVuSans.ttf',
] as const;
const [BOLD, REGULAR] = CARD_FONTS.map((font) =>
  fileURLToPath(new URL(`../../../../${font}`, import.meta.url)),
) as [string, string];
const BACKGROUND = '0x1e293b';
const ACCENT = '0x6366f1';

type CardProduct = Pick<PublicProduct, 'slug' | 'title' | 'creator' | 'ratingAverage' | 'ratingCount'>;

/** Where a course's cards are kept: one folder per course, one file per version. */
export const cardFolder = (slug: string) => `cards/${slug}/`;
export const cardKey = (slug: string, version: string) => `${cardFolder(slug)}${version}.png`;

/** ffmpeg's drawtext reads each line from a file, so no character of a title needs escaping in the filter. */
const drawtext = (file: string, font: string, size: number, color: string, y: number) =>
  `drawtext=fontfile='${font}':textfile='${file}':fontsize=${size}:fontcolor=${color}:x=80:y=${y}`;

/** Draws the card of `product` into `out` (a PNG). */
export async function drawCard(
  product: CardProduct,
  siteName: string,
  ffmpeg: string,
  work: string,
  out: string,
): Promise<void> {
  const lines = cardLines(product, siteName);
  const texts = [...lines.title, lines.creator, lines.rating ?? '', lines.site];
  await Promise.all(texts.map((text, i) => writeFile(path.join(work, `${i}.txt`), text)));
  const at = (i: number) => path.join(work, `${i}.txt`);
  const titleTop = 120;
  const below = titleTop + lines.title.length * 80 + 30;
  const filters = [
    `drawbox=x=0:y=0:w=${CARD_WIDTH}:h=12:color=${ACCENT}:t=fill`,
    ...lines.title.map((_, i) => drawtext(at(i), BOLD, 64, 'white', titleTop + i * 80)),
    drawtext(at(lines.title.length), REGULAR, 36, '0xcbd5e1', below),
    ...(lines.rating ? [drawtext(at(lines.title.length + 1), BOLD, 36, '0xfbbf24', below + 60)] : []),
    drawtext(at(lines.title.length + 2), BOLD, 32, '0xa5b4fc', CARD_HEIGHT - 90),
  ];
  await run(
    ffmpeg,
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `color=c=${BACKGROUND}:s=${CARD_WIDTH}x${CARD_HEIGHT}`,
      '-vf',
      filters.join(','),
      '-frames:v',
      '1',
      '-y',
      out,
    ],
    { timeout: 20_000 },
  );
}

export interface CourseCardsOptions {
  storage: MediaStorage;
  /** content: the public product a card shows. */
  content: Peer;
  siteName: string;
  /** The ffmpeg to run (FFMPEG_PATH); by default the system's, else the npm build (service-kit's mediaToolPath). */
  ffmpeg?: string;
  log: Logger;
}

export function createCourseCards({ storage, content, siteName, ffmpeg, log }: CourseCardsOptions) {
  const making = new Map<string, Promise<string>>();

  /** The published product of this slug (a visitor's view), or a 404. */
  async function product(slug: string, requestId?: string): Promise<CardProduct> {
    try {
      const found = await content.call(productRoutes.get, { params: { idOrSlug: slug } }, { requestId });
      // a product id or productId names the same product: a card is addressed by its slug only
      if (found.isPublished && found.slug === slug) return found;
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 404) throw error;
    }
    throw notFound(CARD_MESSAGES.notFound);
  }

  async function draw(product: CardProduct, key: string) {
    const work = await makeWorkDir(`card-${product.slug}`);
    try {
      const file = path.basename(key);
      try {
        await drawCard(product, siteName, ffmpeg ?? mediaToolPath('ffmpeg'), work, path.join(work, file));
      } catch (error) {
        // no ffmpeg, or ffmpeg failed: nothing the caller did; the next request tries again
        log.error({ err: error, slug: product.slug }, 'course card not drawn');
        throw unavailable(CARD_MESSAGES.notDrawn);
      }
      await storage.publishDir(work, cardFolder(product.slug), [file]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    const older = (await storage.list(cardFolder(product.slug))).filter((other) => other !== key);
    if (older.length) await storage.remove(older);
  }

  /**
   * The store key of the product's current card: drawn on first ask (one run at a time per card in this
   * process), kept until the card changes, when the course's older cards are removed.
   */
  async function keyOf(product: CardProduct): Promise<string> {
    const key = cardKey(product.slug, cardVersion(product, siteName));
    const pending = making.get(key);
    if (pending) return pending;
    const made = (async () => {
      if ((await storage.size(key)) === null) await draw(product, key);
      return key;
    })().finally(() => making.delete(key));
    making.set(key, made);
    return made;
  }

  return { product, keyOf };
}
export type CourseCards = ReturnType<typeof createCourseCards>;
