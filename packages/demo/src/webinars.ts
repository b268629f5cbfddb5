// The demo webinars' schedule: each demo webinar product has had a session, whose recording its page plays
// (the product's video), and has the next one a day after the demo is seeded, which the community service
// schedules as the product's live session. Content writes the recorded session into the product's page;
// community schedules the next one; both derive the dates from here without asking each other.

export interface DemoWebinar {
  /** An existing demo product of type webinar (services/content/src/demo/catalog.ts). */
  slug: string;
  /** The upcoming live session's title. */
  session: string;
  durationMinutes: number;
}

export const DEMO_WEBINARS: readonly DemoWebinar[] = [
  { slug: 'scaling-postgres-webinar', session: 'Scaling PostgreSQL: live Q&A', durationMinutes: 60 },
  { slug: 'llms-in-practice-webinar', session: 'LLMs in practice: evaluation clinic', durationMinutes: 60 },
  { slug: 'design-critique-live', session: 'Design critique: portfolio pieces', durationMinutes: 45 },
  { slug: 'fundraising-qa-webinar', session: 'Fundraising Q&A with founders', durationMinutes: 60 },
  { slug: 'portfolio-review-webinar', session: 'Photography portfolio review', durationMinutes: 45 },
  { slug: 'releasing-your-music-webinar', session: 'Releasing your music: live Q&A', durationMinutes: 60 },
];

const DAY = 24 * 60 * 60 * 1000;
const QUARTER_HOUR = 15 * 60 * 1000;

/** The next live session of every demo webinar: a day after the seed, on the next quarter hour. */
export const demoWebinarNextStart = (seededAt: number): Date =>
  new Date(Math.ceil((seededAt + DAY) / QUARTER_HOUR) * QUARTER_HOUR);

/** The session whose recording the product plays: a week before the next one. */
export const demoWebinarRecordedStart = (seededAt: number): Date =>
  new Date(demoWebinarNextStart(seededAt).getTime() - 7 * DAY);

/** The demo sessions' conferencing link (a placeholder address: nothing is hosted there). */
export const demoWebinarJoinUrl = (slug: string): string => `https://meet.example.com/catalyst-${slug}`;
