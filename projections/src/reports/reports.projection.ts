import type { Kysely, Selectable, Updateable } from 'kysely';
import { RIDE_EVENT_TYPES, RIDE_STATUS_OF_STATE, slaMetOf, vehicleNumberKey, type EventType, type RideEvent } from '@plantride/schemas';
import { batchProjection, type Projection } from '../projection';
import type { ReadModels } from '../read-models';
import type { ReportDriversTable, RideReportsTable } from './reports.table';
import { reportsMigrations } from './reports.migrations';
import { rideStepChange } from '../rides/ride-step-change';
import { bookRide, keepRideFold, rideFoldAfter } from '../rides/ride-fold';
import { instantText, type WithTextTimes } from '../timestamp';
import { assignDefined, insertRowsIfAbsent, upsertRows, type Row } from '../batch-writes';
import {
  REPORT_DRIVER_EVENT_TYPES,
  REPORT_MAINTENANCE_EVENT_TYPES,
  ReportDriversFold,
  type ReportDriverEvent,
  type ReportMaintenanceEvent,
} from './report-drivers.updates';

type Change = WithTextTimes<Updateable<RideReportsTable>>;
type Assignment = Extract<RideEvent, { type: 'RideAccepted' | 'RideTakenOver' | 'RideAssigned' }>;
type DriverRow = Selectable<ReportDriversTable>;

const isOneOf = <T extends string>(types: readonly T[], type: string): type is T => (types as readonly string[]).includes(type);

// The driver who takes the ride brings his numbers as they are now; a later record edit does not rewrite the ride.
function assignmentOf(event: Assignment, driver: DriverRow | undefined): Change {
  const vehicleNumber = event.data.vehicleNumber || driver?.vehicle_number || null;
  return {
    driver_id: event.data.driverId,
    driver_name: event.data.driverName || null,
    vehicle_number: vehicleNumber,
    vehicle_number_key: vehicleNumber === null ? null : vehicleNumberKey(vehicleNumber),
    forklift_number: driver?.forklift_number ?? null,
  };
}

// What each later ride event the statechart takes changes on the row besides its status (the fold's).
function changeOf(event: Exclude<RideEvent, { type: 'RideRequested' | 'RideAccepted' | 'RideTakenOver' | 'RideAssigned' }>): Change {
  switch (event.type) {
    case 'RideStarted':
    case 'MaterialPicked':
    case 'MaterialDropped':
    case 'RideEnded':
      return rideStepChange(event);
    case 'RidePriorityChanged':
      return { priority: event.data.priority };
    case 'RideSlaBreached':
      return { sla_met: false };
    // The drop was tapped in time after all (issue #32 item 2): missed only if acceptance was.
    case 'RideSlaMissWithdrawn':
      return { sla_met: event.data.acceptMissed ? false : null };
    case 'RideRedistributed':
      // Waiting for another driver, like the rides read model: no driver until one takes it over.
      return {
        driver_id: null,
        driver_name: null,
        vehicle_number: null,
        vehicle_number_key: null,
        forklift_number: null,
      };
    // Timer notices (engine/src/timers) and offers change nothing a report row shows but its status.
    case 'RideCancelled':
    case 'RideReleased':
    case 'RideWaitAlerted':
    case 'ReassignmentOverdue':
    case 'SpecialTaskOverran':
    case 'RideOffered':
    case 'RideOfferDeclined':
    case 'RideOfferExpired':
    case 'RideOfferWithdrawn':
    case 'RideOpenedToAll':
      return {};
  }
}

const STEP_NAMES: Partial<Record<RideEvent['type'], string>> = {
  RideStarted: 'Start',
  MaterialPicked: 'Material Picked',
  MaterialDropped: 'Material Dropped',
};

/** Issue #34 item 2: a step recorded without the scan it needed adds itself and the driver's reason to the row's overrides. */
function scanOverrideChange(row: Row, event: RideEvent): Change {
  const scan = 'scan' in event.data ? event.data.scan : undefined;
  const step = STEP_NAMES[event.type];
  if (scan?.via !== 'override' || !step) return {};
  const note = `${step} at ${scan.place}: ${scan.reason ?? ''}`;
  const before = typeof row.scan_overrides === 'string' ? row.scan_overrides : null;
  return { scan_overrides: before ? `${before}; ${note}` : note };
}

// Staff's assignment (issue #32 item 4) brings its driver as an accept or a take-over does.
const isAssignment = (event: RideEvent): event is Assignment =>
  event.type === 'RideAccepted' || event.type === 'RideTakenOver' || event.type === 'RideAssigned';

/**
 * The ride reports read model: ride rows, plus the drivers' numbers and maintenance they need.
 * A batch reads the rows its events touch (rides, drivers, maintenance requests) in a few
 * statements, folds the events over them in memory in store order, and writes the changed rows back.
 */
export const reportsProjection: Projection<ReadModels> = batchProjection<ReadModels>({
  name: 'reports',
  handles: [...RIDE_EVENT_TYPES, ...REPORT_DRIVER_EVENT_TYPES, ...REPORT_MAINTENANCE_EVENT_TYPES] as EventType[],
  migrations: reportsMigrations,
  async applyBatch(events, db: Kysely<ReadModels>) {
    const rideEvents = events.filter(({ event }) => isOneOf(RIDE_EVENT_TYPES, event.type));
    const drivers = await ReportDriversFold.load(
      db,
      events.map(({ event }) => event).filter((event) => !isOneOf(RIDE_EVENT_TYPES, event.type)) as (
        ReportDriverEvent | ReportMaintenanceEvent
      )[],
      rideEvents
        .map(({ event }) => event as RideEvent)
        .filter(isAssignment)
        .map((event) => event.data.driverId),
    );
    const rides = new Map<string, Row>();
    const rideIds = [...new Set(rideEvents.map(({ event }) => (event as RideEvent).data.rideId))];
    if (rideIds.length > 0)
      for (const row of await db.selectFrom('ride_reports').selectAll().where('ride_id', 'in', rideIds).execute())
        rides.set(row.ride_id, row);
    const changed = new Set<string>();
    const names = new Map<string, { driver_id: string; driver_name: string }>();

    for (const { event: domainEvent, position } of events) {
      if (!isOneOf(RIDE_EVENT_TYPES, domainEvent.type)) {
        drivers.apply(domainEvent as ReportDriverEvent | ReportMaintenanceEvent, position);
        continue;
      }
      const event = domainEvent as RideEvent;
      const row = rides.get(event.data.rideId);
      if (event.type === 'RideRequested') {
        if (row) continue;
        const d = event.data;
        const booked: Row = {
          ride_id: d.rideId,
          requester_id: d.requesterId,
          requester_name: d.requesterName,
          from_location: d.fromLocation,
          to_location: d.toLocation,
          vehicle_type: d.vehicleType,
          ride_type: d.rideType,
          created_at: instantText(d.requestedAt),
          priority: d.priority ?? 'normal',
          sla_met: null,
          load: d.load === undefined ? null : JSON.stringify(d.load),
          last_position: position.streamPosition,
        };
        rides.set(d.rideId, bookRide(booked, event, position));
        changed.add(d.rideId);
        continue;
      }
      let change: Change;
      if (isAssignment(event)) {
        // Every name a driver took a ride under is kept, even from an event the ride row has seen.
        if (event.data.driverName)
          names.set(JSON.stringify([event.data.driverId, event.data.driverName]), {
            driver_id: event.data.driverId,
            driver_name: event.data.driverName,
          });
        change = assignmentOf(event, drivers.get(event.data.driverId));
      } else {
        change = changeOf(event);
      }
      if (!row || (row.last_position as number) >= position.streamPosition) continue;
      // Only what the statechart takes changes the row; its status is the fold's.
      const fold = rideFoldAfter(row, event, position);
      if (fold !== null) assignDefined(row, { ...change, ...fold, ...scanOverrideChange(row, event) });
      // A false SLA_MET is a target missed (RideSlaBreached, now or before); the rule decides the rest.
      row.sla_met = slaMetOf({ completed: row.status === RIDE_STATUS_OF_STATE.completed, targetMissed: row.sla_met === false });
      row.last_position = position.streamPosition;
      changed.add(event.data.rideId);
    }

    await drivers.write(db);
    await insertRowsIfAbsent(db, 'report_driver_names', [...names.values()]);
    const written = [...changed].map((id) => rides.get(id)!);
    for (const row of written) keepRideFold(row);
    await upsertRows(db, 'ride_reports', ['ride_id'], written);
  },
});
