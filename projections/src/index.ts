import { ridesProjection } from './rides/rides.projection';
import { usersProjection } from './users/users.projection';
import { driversProjection } from './drivers/drivers.projection';
import { maintenanceProjection } from './maintenance/maintenance.projection';
import { reportsProjection } from './reports/reports.projection';
import { kpisProjection } from './kpis/kpis.projection';
import { kpiShiftsProjection } from './kpis/kpi-shifts.projection';
import { rideHistoryProjection } from './ride-history/ride-history.projection';
import { inspectionsProjection } from './inspections/inspections.projection';
import { fleetProjection } from './fleet/fleet.projection';
import { alertsProjection } from './alerts/alerts.projection';
import type { Projection } from './projection';
import type { ReadModels } from './read-models';

export * from './projection';
export * from './paging';
export * from './read-models';
export * from './rides/rides.queries';
export * from './users/users.queries';
export * from './drivers/drivers.queries';
export * from './maintenance/maintenance.queries';
export * from './reports/reports.queries';
export { reportsProjection };
export * from './kpis/kpis.queries';
export { kpisProjection, kpiShiftsProjection };
export * from './ride-history/ride-history.queries';
export * from './inspections/inspections.queries';
export { inspectionsProjection };
export * from './fleet/fleet.queries';
export { fleetProjection };
export * from './alerts/alerts.queries';
export { alertsProjection };
export { ridesProjection, usersProjection, driversProjection, maintenanceProjection, rideHistoryProjection };

/** Every projection the engine runs. */
export const PROJECTIONS: readonly Projection<ReadModels>[] = [
  ridesProjection,
  usersProjection,
  driversProjection,
  maintenanceProjection,
  rideHistoryProjection,
  kpisProjection,
  kpiShiftsProjection,
  reportsProjection,
  fleetProjection,
  inspectionsProjection,
  alertsProjection,
];
