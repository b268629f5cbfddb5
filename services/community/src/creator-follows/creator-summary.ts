import { creatorPageRoutes, type CreatorSummary } from '@catalyst/contracts';
import { HttpError, type Peer } from '@catalyst/service-kit';

/** The creator as content knows them, or null when there is none by that id (content's 404). */
export async function creatorSummary(content: Peer, creatorId: string): Promise<CreatorSummary | null> {
  try {
    return await content.call(creatorPageRoutes.summary, { params: { creatorId } });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}
