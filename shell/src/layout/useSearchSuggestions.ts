import { useEffect, useState } from 'react';
import { LESSON_START_PARAM, searchPagePath } from '@catalyst/contracts/search-terms';
import type { SearchSuggestion } from '@catalyst/contracts';
import { api, categoryPath, lessonPath, productPath } from '@catalyst/web-kit';

/** How long typing pauses before suggestions are asked for. */
const SUGGEST_DELAY_MS = 150;

/** Where a suggestion opens: its category, a search for its creator, its product, or its lesson (at its second). */
export function hrefOf(item: SearchSuggestion): string {
  if (item.kind === 'category') return categoryPath(item.slug);
  if (item.kind === 'creator') return searchPagePath({ q: item.title });
  if (!item.lesson?._id) return productPath({ _id: item._id });
  const at = item.lesson.atSeconds;
  return lessonPath(item._id, item.lesson._id) + (at === null ? '' : `?${LESSON_START_PARAM}=${at}`);
}

/**
 * The suggestions for the words typed (the header's box and the command palette): asked for once typing
 * pauses and while `enabled`, the last answer kept until the next. Without an answer there are none: they
 * are a help, and the box still searches.
 */
export function useSearchSuggestions(text: string, enabled: boolean): SearchSuggestion[] {
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  useEffect(() => {
    const q = text.trim();
    if (!q || !enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.search
        .suggest({ query: { q } }, { signal: controller.signal })
        .then((answer) => setSuggestions(answer.items))
        .catch(() => setSuggestions([]));
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, enabled]);
  return suggestions;
}

/**
 * The option the arrow keys chose (-1: the box), for the list `of`: a new list (an answer, other recent
 * searches) starts again from the box.
 */
export function useActiveOption(of: unknown): [number, (at: number) => void] {
  const [chosen, setChosen] = useState<{ of: unknown; at: number }>({ of, at: -1 });
  return [chosen.of === of ? chosen.at : -1, (at) => setChosen({ of, at })];
}
