// A course page's link-preview card (og:image, twitter:image): what it shows, its version and its address.
// The media service draws it (services/media/src/cards); the gateway names it in the course page's head. The
// version is a hash of what the card shows: a new title (or creator, or rating) is a new version, so a new
// address in the page's head and a new picture. Server code only (node:crypto): browsers never import it.
import { createHash } from 'node:crypto';
import { API_PREFIX, apiUrl } from './api-path';
import { ROUTE_PATHS } from './routes/paths.generated';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Title lines: at most 3 of about 28 characters at 64 px (DejaVu Sans Bold is about 0.62 em a character). */
const TITLE_LINE = 28;
const TITLE_LINES = 3;

/** What a card is drawn from: the public product's slug, title, creator and rating. */
export interface CardProduct {
  slug: string;
  title: string;
  creator: { name: string };
  ratingAverage?: number | null;
  ratingCount?: number | null;
}

/** What the card shows, in lines: the title (wrapped), "By <creator>", the rating when it has one, the site. */
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

/** Where every course card is: robots.txt allows it, though it disallows the rest of the API. */
export const COURSE_CARDS_PATH = `${API_PREFIX}${ROUTE_PATHS.card.courseCard.replace(':file', '')}`;

/** The card's file in its address: `<slug>.png`. */
export const cardFile = (slug: string) => `${slug}.png`;

/** The card's public address: GET /api/v1/media/cards/<slug>.png?v=<version>. */
export const courseCardUrl = (product: CardProduct, siteName: string) =>
  apiUrl(ROUTE_PATHS.card.courseCard, {
    params: { file: cardFile(product.slug) },
    query: { v: cardVersion(product, siteName) },
  });
