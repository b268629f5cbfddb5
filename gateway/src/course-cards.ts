// A course page's link-preview card (og:image, twitter:image): a 1200×630 PNG with the course's title, its
// creator and its rating on the brand's plain background, drawn by ffmpeg (drawtext, with the DejaVu fonts the
// certificates use) the first time it is asked for and kept on disk under the card's version, a hash of what it
// shows: a new title (or creator, or rating) is a new version, so a new address in the page's head and a new
// file; the old file is removed when the new one is made.
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PublicProduct } from '@catalyst/contracts';
import { mediaToolPath } from '@catalyst/service-kit';
import { REPO_ROOT } from './config';

const run = promisify(execFile);

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** The fonts the card is drawn with (the certificates'), from the repository root: the gateway's image ships them. */
export const CARD_FONTS = [
  'services/progress/src/certificates/fonts/DejaVuSans-Bold.ttf',
  'services/progress/src/certificates/fonts/DejaVuSans.ttf',
] as const;
const [BOLD, REGULAR] = CARD_FONTS.map((font) => path.join(REPO_ROOT, font)) as [string, string];
const BACKGROUND = '0x1e293b';
const ACCENT = '0x6366f1';
/** Title lines: at most 3 of about 28 characters at 64 px (DejaVu Sans Bold is about 0.62 em a character). */
const TITLE_LINE = 28;
const TITLE_LINES = 3;

type CardProduct = Pick<PublicProduct, 'slug' | 'title' | 'creator' | 'ratingAverage' | 'ratingCount'>;

/** What the card shows, in lines: the title (wrapped), "By <creator>", the rating when it has one. */
export function cardLines(product: CardProduct, siteName: string) {
  const words = product.title.replace(/\s+/g, ' ').trim().split(' ');
  const title: string[] = [];
  for (const word of words) {
    const last = title.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= TITLE_LINE)
      title[title.length - 1] = `${last} ${word}`;
    else title.push(word.length > TITLE_LINE ? `${word.slice(0, TITLE_LINE - 1)}…` : word);
  }
  if (title.length > TITLE_LINES) {
    title.length = TITLE_LINES;
    title[TITLE_LINES - 1] = `${title[TITLE_LINES - 1]!.slice(0, TITLE_LINE - 1)}…`;
  }
  const count = product.ratingCount ?? 0;
  const rating =
    count && product.ratingAverage != null
      ? `★ ${product.ratingAverage.toFixed(1)} out of 5 · ${count} ${count === 1 ? 'review' : 'reviews'}`
      : null;
  return { title, creator: `By ${product.creator.name}`, rating, site: siteName };
}

/** The card's version: a hash of what it shows (a new title is a new card at a new address). */
export const cardVersion = (product: CardProduct, siteName: string) =>
  createHash('sha256')
    .update(JSON.stringify(cardLines(product, siteName)))
    .digest('hex')
    .slice(0, 12);

/** The card's public address: the course page's, then card.png?v=<version>. */
export const cardPath = (product: CardProduct, siteName: string) =>
  `/courses/${encodeURIComponent(product.slug)}/card.png?v=${cardVersion(product, siteName)}`;

/** ffmpeg's drawtext reads each line from a file, so no character of a title needs escaping in the filter. */
const drawtext = (file: string, font: string, size: number, color: string, y: number) =>
  `drawtext=fontfile='${font}':textfile='${file}':fontsize=${size}:fontcolor=${color}:x=80:y=${y}`;

export interface CourseCardsOptions {
  /** Where cards are kept (one folder per course). */
  dir: string;
  siteName: string;
  /** The ffmpeg to run; by default the system's, else the npm build (service-kit's mediaToolPath). */
  ffmpeg?: string;
}

export function createCourseCards({ dir, siteName, ffmpeg }: CourseCardsOptions) {
  const making = new Map<string, Promise<string>>();
  // Without ffmpeg or the fonts (an image built without them) there are no cards: og:image is the thumbnail.
  let tool: string | null = ffmpeg ?? null;
  try {
    tool ??= mediaToolPath('ffmpeg');
  } catch {
    tool = null;
  }
  const available = tool !== null && existsSync(BOLD) && existsSync(REGULAR);

  async function draw(product: CardProduct, file: string) {
    const lines = cardLines(product, siteName);
    // drawn beside the courses' folders (a course's folder is emptied of its older cards), then moved in
    const work = path.join(dir, `.drawing-${process.pid}-${randomUUID()}`);
    await mkdir(work, { recursive: true });
    try {
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
      const out = path.join(work, 'card.png');
      await run(
        tool!,
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
      await rename(out, file);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /**
   * The file of the product's current card: made on first ask (one run at a time per card), kept until the
   * card changes, when the course's older cards are removed.
   */
  async function file(product: CardProduct): Promise<string> {
    const version = cardVersion(product, siteName);
    const folder = path.join(dir, product.slug);
    const target = path.join(folder, `${version}.png`);
    if (existsSync(target)) return target;
    const pending = making.get(target);
    if (pending) return pending;
    const made = (async () => {
      await mkdir(folder, { recursive: true });
      await draw(product, target);
      const older = (await readdir(folder)).filter((name) => name !== `${version}.png`);
      await Promise.all(older.map((name) => rm(path.join(folder, name), { recursive: true, force: true })));
      return target;
    })().finally(() => making.delete(target));
    making.set(target, made);
    return made;
  }

  return { available, file, path: (product: CardProduct) => cardPath(product, siteName) };
}
export type CourseCards = ReturnType<typeof createCourseCards>;
