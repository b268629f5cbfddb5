/** Premium media bound to the viewer (issue 53, item 1): every playlist, segment, MP4, captions file, locked sprite and resource download needs the viewer's own grant. */
import type { Suite } from './harness';

export async function mediaBinding(suite: Suite) {
  void suite;
}
