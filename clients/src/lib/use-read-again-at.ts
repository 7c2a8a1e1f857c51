import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Read-your-writes for a query keyed without a store position: when a command answer or a live
 * event moves the position the screen must be read at, the one cached copy is read again (its
 * query function asks for at least that position) instead of a second copy under a new key.
 */
export function useReadAgainAt(queryKey: QueryKey, position: number): void {
  const queryClient = useQueryClient();
  const readAt = useRef(position);
  useEffect(() => {
    if (position <= readAt.current) return;
    readAt.current = position;
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }, [position, queryClient, queryKey]);
}
