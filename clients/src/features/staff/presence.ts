import { DRIVER_PRESENCE_STATES, VEHICLE_TYPES, type PresenceAnswer, type VehicleType } from '@plantride/schemas';
import { i18n } from '../../i18n/i18n';

export type PresenceRow = PresenceAnswer['drivers'][number];
export type PresenceState = (typeof DRIVER_PRESENCE_STATES)[number];

/** A driver record without a vehicle type is counted under this name. */
export const NO_VEHICLE_TYPE = 'No vehicle type';

const STATE_KEYS = {
  free: 'free',
  busy: 'busy',
  'on break': 'onBreak',
  blocked: 'blocked',
  'off shift': 'offShift',
} as const satisfies Record<PresenceState, string>;

/** A driver's state ('free', 'on break'…) in the language spoken now; the engine's value stays English. */
export const presenceStateLabel = (state: PresenceState): string => i18n.t(`staff.board.driverStates.${STATE_KEYS[state]}`);

/** A vehicle type as a name (it stays as it is), or the words for none. */
export const presenceTypeLabel = (type: string): string => (type === NO_VEHICLE_TYPE ? i18n.t('staff.presence.noVehicleType') : type);

export interface PresenceFilter {
  state: PresenceState | 'all';
  vehicleType: VehicleType | typeof NO_VEHICLE_TYPE | 'all';
}

export const allPresence = (): PresenceFilter => ({ state: 'all', vehicleType: 'all' });

const typeOf = (row: PresenceRow) => row.vehicleType ?? NO_VEHICLE_TYPE;

/** The rows the filter lets through, in the engine's order (free, busy, blocked, off shift). */
export function filterPresence(rows: readonly PresenceRow[], filter: PresenceFilter): PresenceRow[] {
  return rows.filter(
    (row) => (filter.state === 'all' || row.state === filter.state) && (filter.vehicleType === 'all' || typeOf(row) === filter.vehicleType),
  );
}

export interface PresenceCount {
  vehicleType: string;
  counts: Record<PresenceState, number>;
}

/** Per vehicle type, every type shown even with no drivers (a dispatcher wants to see "no cranes"); then drivers with none. */
export function presenceCounts(rows: readonly PresenceRow[]): PresenceCount[] {
  const empty = () => Object.fromEntries(DRIVER_PRESENCE_STATES.map((state) => [state, 0])) as Record<PresenceState, number>;
  const byType = new Map<string, Record<PresenceState, number>>(VEHICLE_TYPES.map((type) => [type, empty()]));
  for (const row of rows) {
    const counts = byType.get(typeOf(row)) ?? empty();
    counts[row.state] += 1;
    byType.set(typeOf(row), counts);
  }
  return [...byType].map(([vehicleType, counts]) => ({ vehicleType, counts }));
}

/** '3 free, 1 busy, 0 blocked, 5 off shift'. */
export const countsText = (counts: Record<PresenceState, number>): string =>
  DRIVER_PRESENCE_STATES.map((state) => `${counts[state]} ${presenceStateLabel(state)}`).join(', ');
