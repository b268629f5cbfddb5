import { progressInternalRoutes, teamFiguresSchema, type TeamFigures } from '@catalyst/contracts';
import type { Peer } from '@catalyst/service-kit';
import type { TeamAssignmentRow } from '../db/tables/team-assignment';

/** Progress's figures for these users, with their standing on the assignments' items. */
export async function teamFiguresOf(
  progress: Peer,
  userIds: string[],
  assignments: readonly Pick<TeamAssignmentRow, 'target_kind' | 'target_id'>[],
  requestId?: string,
): Promise<TeamFigures> {
  const ids = (kind: string) => [
    ...new Set(assignments.filter((a) => a.target_kind === kind).map((a) => a.target_id)),
  ];
  return teamFiguresSchema.parse(
    await progress.call(
      progressInternalRoutes.teamFigures,
      { body: { userIds, productIds: ids('product'), pathIds: ids('path') } },
      requestId ? { requestId } : {},
    ),
  );
}
