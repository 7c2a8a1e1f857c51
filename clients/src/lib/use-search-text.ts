import { useEffect, useRef, useState } from 'react';

const SEARCH_DELAY_MS = 400;

/**
 * A search field's text: it goes to the server (`onSearch`) once typing pauses, so each key press is
 * not a query, and at once on `flush` (the field left: a search still waiting must not fire after the
 * user clicked on). Cleared from outside (a chip, Clear All Filters), the text follows `value`.
 */
export function useSearchText(value: string, onSearch: (text: string) => void) {
  const [text, setText] = useState(value);
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = setTimeout(() => search.current(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  const flush = () => {
    if (text.trim() !== value) search.current(text.trim());
  };
  return { text, setText, flush };
}
