import { demoEntityId, demoHash, demoProductCode, type MigrationDb } from '@catalyst/service-kit';
import { DEMO_WEBINARS, demoWebinarJoinUrl, demoWebinarNextStart } from '@catalyst/demo';

// Every demo webinar's next live session (issue 52, item 3), for installs whose demo discussions were seeded
// before the seed scheduled them: the session starts a day after this runs. Only a demo install (its first
// demo thread is there) gets them, and a webinar that already has a session keeps it.
// Frozen once landed: add a new migration instead.

/** The first demo thread's id, as the seed derives it. */
const DEMO_THREAD = demoHash('community-thread:grid-before-flexbox').slice(0, 24);

export async function up(db: MigrationDb): Promise<void> {
  const demo = await db.selectFrom('threads').select('id').where('id', '=', DEMO_THREAD).executeTakeFirst();
  if (!demo) return;
  const now = new Date();
  await db
    .insertInto('live_sessions')
    .values(
      DEMO_WEBINARS.map((webinar) => ({
        product_id: demoEntityId('product', webinar.slug),
        product_key: demoProductCode(webinar.slug),
        title: webinar.session,
        starts_at: demoWebinarNextStart(now.getTime()),
        duration_minutes: webinar.durationMinutes,
        join_url: demoWebinarJoinUrl(webinar.slug),
        recording_asset_id: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('product_id').doNothing())
    .execute();
}

export async function down(): Promise<void> {
  // Sessions stay: people may have registered for them.
}
