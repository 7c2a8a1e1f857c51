import type { AlertsTable } from './alerts/alerts.table';
import type { RidesTable } from './rides/rides.table';
import type { UsersTable } from './users/users.table';
import type { DriversTable } from './drivers/drivers.table';
import type { MaintenanceRequestsTable } from './maintenance/maintenance.table';
import type { RideReportsTable, ReportDriverNamesTable, ReportDriversTable, ReportMaintenanceRequestsTable } from './reports/reports.table';
import type { KpiDriverDaysTable, KpiDriverShiftsTable, KpiRidesTable } from './kpis/kpis.table';
import type { RideHistoryTable } from './ride-history/ride-history.table';
import type { InspectionsTable } from './inspections/inspections.table';
import type { FleetBreakdownsTable, FleetDriversTable, FleetVehicleDaysTable } from './fleet/fleet.table';

/** Every read-model table, for kysely's typing. */
export interface ReadModels {
  rides: RidesTable;
  users: UsersTable;
  drivers: DriversTable;
  maintenance_requests: MaintenanceRequestsTable;
  ride_reports: RideReportsTable;
  report_drivers: ReportDriversTable;
  report_driver_names: ReportDriverNamesTable;
  report_maintenance_requests: ReportMaintenanceRequestsTable;
  kpi_rides: KpiRidesTable;
  kpi_driver_days: KpiDriverDaysTable;
  kpi_driver_shifts: KpiDriverShiftsTable;
  ride_history: RideHistoryTable;
  inspections: InspectionsTable;
  fleet_drivers: FleetDriversTable;
  fleet_breakdowns: FleetBreakdownsTable;
  fleet_vehicle_days: FleetVehicleDaysTable;
  alerts: AlertsTable;
}
