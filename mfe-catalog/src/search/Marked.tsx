import type { SearchSegment } from '@catalyst/contracts';

/** A snippet with the words that matched marked: plain text in <mark>, never HTML. */
export function Marked({ segments }: { segments: SearchSegment[] }) {
  return (
    <>{segments.map((segment, i) => (segment.match ? <mark key={i}>{segment.text}</mark> : segment.text))}</>
  );
}
