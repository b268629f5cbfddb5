import { api, downloadFile } from '@catalyst/web-kit';

// The notes' and team's exports hand their files over the same way.
export { downloadFile };

/** The most progress rows the export reads (pages of 100): far more than anyone has. */
const PROGRESS_PAGES = 100;

/** Every page of the person's progress, newest first. */
async function allProgress() {
  const rows = [];
  for (let page = 1; page <= PROGRESS_PAGES; page++) {
    const answer = await api.progress.list({ query: { page, limit: 100 } });
    rows.push(...answer.items);
    if (page * answer.limit >= answer.total || answer.items.length === 0) break;
  }
  return rows;
}

/**
 * Everything Catalyst keeps about the signed-in person, as one JSON document they can keep or take elsewhere
 * (GDPR's right to data portability): profile, plan and invoices, progress and learning record, certificates,
 * and their posts. Read through the person's own API calls; a part that cannot be read fails the export.
 */
export async function collectMyData(now = new Date()) {
  const [profile, subscription, invoices, progress, learningRecord, certificates, posts] = await Promise.all([
    api.auth.me(),
    api.subscription.status(),
    api.subscription.invoices(),
    allProgress(),
    api.learning.learningRecord(),
    api.certificate.list(),
    api.discussion.ownPosts(),
  ]);
  return {
    exportedAt: now.toISOString(),
    format: 'catalyst-data-export/1',
    profile,
    subscription,
    invoices,
    progress,
    learningRecord,
    certificates,
    posts,
  };
}

/** The export's file name: catalyst-data-2026-12-05.json. */
export const exportFileName = (now = new Date()) => `catalyst-data-${now.toISOString().slice(0, 10)}.json`;

/** Hands the document to the browser as a download. */
export function downloadJson(data: unknown, fileName: string): void {
  downloadFile(JSON.stringify(data, null, 2), 'application/json', fileName);
}
