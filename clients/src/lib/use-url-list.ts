import { useSearchParams } from 'react-router';

/**
 * A staff list whose filters and page live in the URL (shareable, kept on reload and Back): the
 * current params, a filter change (an empty value removes it; any change starts again at page 1),
 * a move to another page, and clearing every filter.
 */
export function useUrlList() {
  const [params, setParams] = useSearchParams();
  const setFilters = (patch: Partial<Record<string, string>>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      next.delete('page');
      return next;
    });
  const goTo = (page: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('page', String(page));
      return next;
    });
  const clearAll = () => setParams(new URLSearchParams());
  return { params, setFilters, goTo, clearAll };
}
