import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { DiscussionEvent } from '@catalyst/contracts';
import { api } from '@catalyst/web-kit';
import { openEventStream, type EventStreamStatus } from '../shared/eventStream';
import { useDocumentVisible } from '../shared/useDocumentVisible';

const DISCUSSION_EVENT_TYPES: DiscussionEvent['type'][] = ['reply', 'post-changed', 'thread'];

export const threadEventsUrl = (threadId: string) => api.discussion.events.url({ params: { threadId } });

export interface ThreadEventHandlers {
  onEvent: (event: DiscussionEvent) => void;
  /** The stream (re)opened: what happened while it was not (there is no replay) is read again. */
  onOpen: () => void;
}

/**
 * An open discussion's event stream, held while the discussion is shown and the page is visible (a tab
 * coming back reads what it missed). The handlers may change on every render.
 */
export function useThreadEvents(threadId: string, handlers: ThreadEventHandlers): EventStreamStatus {
  const visible = useDocumentVisible();
  const [status, setStatus] = useState<EventStreamStatus>('connecting');
  const onEvent = useEffectEvent((event: DiscussionEvent) => handlers.onEvent(event));
  const onOpen = useEffectEvent(() => handlers.onOpen());
  /** The thread whose stream has opened before (a later opening, after a drop or a hidden tab, follows a gap). */
  const openedBefore = useRef<string | null>(null);

  useEffect(() => {
    if (!visible) return;
    return openEventStream<DiscussionEvent>({
      url: threadEventsUrl(threadId),
      types: DISCUSSION_EVENT_TYPES,
      onEvent: (event) => {
        if (event.threadId === threadId) onEvent(event);
      },
      onStatus: (next) => {
        setStatus(next);
        if (next !== 'open') return;
        // the first opening comes right after the discussion was read; every later one follows a gap
        if (openedBefore.current === threadId) onOpen();
        openedBefore.current = threadId;
      },
    });
  }, [threadId, visible]);

  return status;
}
