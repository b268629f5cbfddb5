import { liveEventSchema, type LiveEvent, type LiveStatus } from '@catalyst/contracts';
import type { EventHub, EventSink } from '../streams/event-hub';

/** The longest a timer may wait (setTimeout's limit); a later start is looked at again then. */
const MAX_TIMER_MS = 2_147_483_647;

export interface SessionTimes {
  startsAt: Date;
  endsAt: Date;
}

export const liveStatusAt = ({ startsAt, endsAt }: SessionTimes, now: Date): LiveStatus =>
  now < startsAt ? 'scheduled' : now < endsAt ? 'live' : 'ended';

interface Board {
  times: SessionTimes;
  timer?: NodeJS.Timeout;
}

/**
 * The live boards: the `live:<productId>` topics of the community's event hub, plus the session's clock.
 * Session starts and ends are announced by each process from the clock (no message needed) to the boards it
 * has open; every other event travels through the hub.
 */
export function createLiveHub({ hub, now }: { hub: EventHub; now: () => Date }) {
  const boards = new Map<string, Board>();

  const arm = (productId: string, board: Board) => {
    clearTimeout(board.timer);
    board.timer = undefined;
    const at = now().getTime();
    const next = [board.times.startsAt.getTime(), board.times.endsAt.getTime()].find((t) => t > at);
    if (next === undefined) return;
    board.timer = setTimeout(
      () => {
        if (next - now().getTime() <= 0) topics.deliverLocal(productId, sessionEvent(board.times, now()));
        if (boards.get(productId) === board) arm(productId, board);
      },
      Math.min(next - at, MAX_TIMER_MS),
    );
    board.timer.unref();
  };

  const watchTimes = (productId: string, times: SessionTimes) => {
    const board = boards.get(productId);
    if (
      board &&
      board.times.startsAt.getTime() === times.startsAt.getTime() &&
      board.times.endsAt.getTime() === times.endsAt.getTime() &&
      board.timer
    )
      return;
    const next = board ?? { times };
    next.times = times;
    boards.set(productId, next);
    arm(productId, next);
  };

  const topics = hub.kind<LiveEvent>('live', {
    schema: liveEventSchema,
    onEvent: (productId, event) => {
      if (event.type === 'session' && boards.has(productId))
        watchTimes(productId, { startsAt: new Date(event.startsAt), endsAt: new Date(event.endsAt) });
    },
    onIdle: (productId) => {
      clearTimeout(boards.get(productId)?.timer);
      boards.delete(productId);
    },
  });

  return {
    /** Adds an open stream to a product's board (see the hub's attach); the board watches the session's times. */
    attach(productId: string, sink: EventSink, times: SessionTimes, end: () => void) {
      const attached = topics.attach(productId, sink, end);
      watchTimes(productId, times);
      return attached;
    },
    /** An event of a product's board, to every stream on every replica (the request does not wait for Redis). */
    publish: (productId: string, event: LiveEvent, id?: string) => topics.publish(productId, event, id),
    /** The session is gone: every replica ends its streams (a reconnecting browser then meets the 404). */
    closeBoard: (productId: string) => topics.close(productId),
    /** Open board streams in this process. */
    connections: () => topics.connections(),
    close() {
      topics.closeAll();
      for (const board of boards.values()) clearTimeout(board.timer);
      boards.clear();
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;

/** The session event of a board (status from the clock). */
export function sessionEvent(times: SessionTimes, now: Date): LiveEvent {
  return {
    type: 'session',
    status: liveStatusAt(times, now),
    startsAt: times.startsAt.toISOString(),
    endsAt: times.endsAt.toISOString(),
  };
}
