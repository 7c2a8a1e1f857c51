import { directRides } from '../test-support/direct-rides';

export { driverName } from '../test-support/direct-rides';
export type { RideTimes } from '../test-support/direct-rides';

/** KPI rides go through the real command handlers with exact times. */
export const kpiRides = directRides;

/** The 90th percentile as PostgreSQL's percentile_cont computes it: linear between the two nearest ranks. */
export function percentileCont(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = fraction * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}
