import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { LiveEvent, LiveQuestion, LiveSession } from '@catalyst/contracts';
import { byText } from '@catalyst/contracts/no-intl';
import { api } from '@catalyst/web-kit';
import { openEventStream, type EventStreamStatus } from '../shared/eventStream';

const LIVE_EVENT_TYPES: LiveEvent['type'][] = ['question', 'session'];

/** Most upvoted first; among equals, the earlier question first. */
export const byUpvotes = (a: LiveQuestion, b: LiveQuestion) =>
  b.upvotes - a.upvotes || byText(a.createdAt, b.createdAt);

export const liveEventsUrl = (productId: string) => api.live.events.url({ params: { productId } });

/** A question as the stream tells it, with what only this viewer knows (their vote, their authorship) kept. */
function merged(
  known: LiveQuestion | undefined,
  incoming: Omit<LiveQuestion, 'upvotedByMe' | 'mine'>,
): LiveQuestion {
  return { ...incoming, upvotedByMe: known?.upvotedByMe ?? false, mine: known?.mine ?? false };
}

export interface LiveBoardState {
  questions: LiveQuestion[];
  loading: boolean;
  error: unknown;
  stream: EventStreamStatus;
  /** A question someone else asked, just arrived (for the live region). */
  arrived: LiveQuestion | null;
  reload: () => void;
  /** Keeps the server's answer to one of this viewer's own actions. */
  put: (question: LiveQuestion) => void;
}

/**
 * The live board's questions while it is open: read once, then kept current by the event stream
 * (questions by id, in any order; session events handed to `onSession`).
 */
export function useLiveBoard(
  productId: string,
  open: boolean,
  onSession: (event: Extract<LiveEvent, { type: 'session' }>) => void,
): LiveBoardState {
  const [byId, setById] = useState<Map<string, LiveQuestion>>(() => new Map());
  const [loading, setLoading] = useState(open);
  const [error, setError] = useState<unknown>(null);
  const [stream, setStream] = useState<EventStreamStatus>('connecting');
  const [arrived, setArrived] = useState<LiveQuestion | null>(null);
  const [version, setVersion] = useState(0);
  // An open board (a product, a reload) starts empty and loading, from the render that opens it.
  const read = open ? JSON.stringify([productId, version]) : null;
  const [shownRead, setShownRead] = useState(read);
  if (read !== shownRead) {
    setShownRead(read);
    if (read !== null) {
      setById(new Map());
      setLoading(true);
      setError(null);
    }
  }
  const onEvent = useEffectEvent((event: LiveEvent) => {
    if (event.type === 'session') return onSession(event);
    if (!byId.has(event.question._id)) setArrived(merged(undefined, event.question));
    setById((previous) =>
      new Map(previous).set(event.question._id, merged(previous.get(event.question._id), event.question)),
    );
  });

  const put = useCallback(
    (question: LiveQuestion) => setById((previous) => new Map(previous).set(question._id, question)),
    [],
  );

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    api.live
      .listQuestions({ params: { productId } }, { signal: controller.signal })
      .then((list) => {
        // events that came in while the list was on its way are newer than it; the list knows this viewer's votes
        setById((previous) => {
          const next = new Map(list.map((question) => [question._id, question]));
          for (const [id, question] of previous) {
            const listed = next.get(id);
            next.set(
              id,
              listed ? { ...question, upvotedByMe: listed.upvotedByMe, mine: listed.mine } : question,
            );
          }
          return next;
        });
        setLoading(false);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure);
        setLoading(false);
      });
    const close = openEventStream<LiveEvent>({
      url: liveEventsUrl(productId),
      types: LIVE_EVENT_TYPES,
      onStatus: setStream,
      onEvent: (event) => onEvent(event),
    });
    return () => {
      controller.abort();
      close();
    };
  }, [productId, open, version]);

  const questions = useMemo(() => [...byId.values()].sort(byUpvotes), [byId]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { questions, loading, error, stream, arrived, reload, put };
}

/** A session with a status event applied (the rest of it stays as read). */
export const withStatus = (
  session: LiveSession,
  event: Extract<LiveEvent, { type: 'session' }>,
): LiveSession => ({ ...session, status: event.status, startsAt: event.startsAt, endsAt: event.endsAt });
