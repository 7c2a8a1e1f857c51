import { useBoard } from './api/get-board';
import { useLivePosition } from './use-live-position';

/** The staff-room events that change the board; each reads it again at its position (read-your-writes). */
export const BOARD_LIVE_EVENTS = [
  'rideRequested',
  'rideWaitingTooLong',
  'rideSlaBreached',
  'rideSlaMissWithdrawn',
  'maintenanceRequestAdded',
  'requestStatusUpdated',
  'statusChanged',
  'driverUnblocked',
  'alertAcknowledged',
  // Rides taken, offered, released, ended or cancelled; shifts and breaks (issue #32 item 4).
  'boardChanged',
] as const;

/** The board as the engine answers it, read again on every staff event, our own acknowledgements (`advance`) and a timer. */
export function useLiveBoard() {
  const live = useLivePosition(BOARD_LIVE_EVENTS);
  const board = useBoard(live.position, live.version);
  return { board, advance: live.advance };
}
