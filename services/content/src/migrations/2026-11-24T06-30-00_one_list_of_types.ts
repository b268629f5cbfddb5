import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';
import { howItWorks } from '../demo/catalog';

// One list of content types (issue 15, bug 5): the product promises courses, tutorials, videos, documents and
// webinars. Workshops were long hands-on courses and articles short reads, so stored rows move onto the list
// and the check allows only it. Demo lessons seeded before this also lose their copy of the description (the
// page shows it above the content) and the one "How it works" text written for videos with exercises.
// Frozen once landed: add a new migration instead.

/** The paragraph every demo lesson carried under "How it works" before this migration. */
const GENERIC_HOW_IT_WORKS =
  '<p>Work through the video at your own pace; your position is saved as you go, so you can stop and pick up where you left off on any device. Each section ends with a short exercise — try it before moving on.</p>';

export async function up(db: MigrationDb): Promise<void> {
  // The seeded heading names the type as it was, so the repeated description goes before the types move.
  await sql`
    update products
       set content = replace(content, '<h2>About this ' || type || E'</h2>\n<p>' || description || E'</p>\n', '')
     where strpos(content, ${GENERIC_HOW_IT_WORKS}) > 0`.execute(db);
  await sql`update products set type = 'course' where type = 'workshop'`.execute(db);
  await sql`update products set type = 'document' where type = 'article'`.execute(db);
  for (const [type, text] of Object.entries(howItWorks)) {
    await sql`update products set content = replace(content, ${GENERIC_HOW_IT_WORKS}, ${`<p>${text}</p>`}) where type = ${type} and strpos(content, ${GENERIC_HOW_IT_WORKS}) > 0`.execute(
      db,
    );
  }
  await sql`alter table products drop constraint products_type_check`.execute(db);
  await sql`alter table products add constraint products_type_check check (type in ('course', 'tutorial', 'video', 'document', 'webinar'))`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  // Rows keep their new types and lessons; the wider check only lets the old values back in.
  await sql`alter table products drop constraint products_type_check`.execute(db);
  await sql`alter table products add constraint products_type_check check (type in ('course', 'tutorial', 'workshop', 'article', 'video', 'document', 'webinar'))`.execute(
    db,
  );
}
