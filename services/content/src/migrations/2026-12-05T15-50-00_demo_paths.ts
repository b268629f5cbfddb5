import type { MigrationDb } from '@catalyst/service-kit';
import { seedDemoPaths } from '../demo/paths';

// The demo learning paths for installs seeded before paths existed (a fresh seed writes them itself): only
// where every demo product of a path is there, and never over a path already there. Frozen once landed: add a
// new migration instead.
export async function up(db: MigrationDb): Promise<void> {
  await seedDemoPaths(db);
}

export async function down(): Promise<void> {}
