import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { boardAnswerSchema, type BoardAnswer } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { boardKeys } from '../../../lib/query-keys';

/**
 * How often the board is read again without a staff event: a ride accepted, an offer made or a
 * driver's shift tells no staff room, so this is how they reach the board.
 */
export const BOARD_REFRESH_MS = 15_000;

export function getBoard(position: number, signal?: AbortSignal): Promise<BoardAnswer> {
  return api('/api/board', { schema: boardAnswerSchema, position, signal });
}

/** GET /api/board at the live position (use-board-live.ts), every BOARD_REFRESH_MS and on coming back to the window. */
export function useBoard(position: number, version: number) {
  return useQuery({
    queryKey: boardKeys.at(position, version),
    queryFn: ({ signal }) => getBoard(position, signal),
    placeholderData: keepPreviousData,
    refetchInterval: BOARD_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}
