import type { RidesTable } from './rides/rides.table';
import type { UsersTable } from './users/users.table';
import type { DriversTable } from './drivers/drivers.table';
import type { MaintenanceRequestsTable } from './maintenance/maintenance.table';
import type { KpiDriverDaysTable, KpiRidesTable } from './kpis/kpis.table';

/** Every read-model table, for kysely's typing. */
export interface ReadModels {
  rides: RidesTable;
  users: UsersTable;
  drivers: DriversTable;
  maintenance_requests: MaintenanceRequestsTable;
  kpi_rides: KpiRidesTable;
  kpi_driver_days: KpiDriverDaysTable;
}
