import type { RidesTable } from './rides/rides.table';
import type { UsersTable } from './users/users.table';
import type { DriversTable } from './drivers/drivers.table';
import type { MaintenanceRequestsTable } from './maintenance/maintenance.table';

/** Every read-model table, for kysely's typing. */
export interface ReadModels {
  rides: RidesTable;
  users: UsersTable;
  drivers: DriversTable;
  maintenance_requests: MaintenanceRequestsTable;
}
