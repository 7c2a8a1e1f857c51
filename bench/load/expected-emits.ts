/** An event as the audit reads it back from the store. */
export interface StoredEvent {
  position: number;
  type: string;
  data: Record<string, unknown>;
  recordedAt: number;
  correlationId: string | null;
}

/** A socket event the engine should send for a store event, to these rooms (engine/README.md's table). */
export interface ExpectedEmit {
  name: string;
  rooms: string[];
  /** Sockets in these rooms are left out (socket.io's `except`). */
  except?: string[];
}

interface RideFacts {
  requesterId: string;
  vehicleType: string;
}

const user = (id: string) => `user:${id}`;
const driver = (id: string) => `driver:${id}`;
const vehicle = (type: string) => `vehicle:${type}`;
const STAFF = 'staff';

/**
 * The bench's own copy of the event → socket table, for the events its workload and the timers
 * cause, written from the README rather than taken from the engine so the audit checks the engine.
 */
export class ExpectedEmits {
  private readonly rides = new Map<string, RideFacts>();
  private readonly requests = new Map<string, string>();

  /** Feed every event in store order; answers what it should have sent. */
  of(event: StoredEvent): ExpectedEmit[] {
    const d = event.data as Record<string, string>;
    const ride = d.rideId ? this.rides.get(d.rideId) : undefined;
    const toRequester = ride ? [user(ride.requesterId)] : [];
    const toDriver = (id: string) => [user(id), driver(id)];
    switch (event.type) {
      case 'RideRequested':
        this.rides.set(d.rideId!, { requesterId: d.requesterId!, vehicleType: d.vehicleType! });
        return [
          { name: 'newRideRequest', rooms: [vehicle(d.vehicleType!)] },
          { name: 'rideRequested', rooms: [STAFF] },
        ];
      case 'RideAccepted':
        return ride
          ? [
              { name: 'removeRide', rooms: [vehicle(ride.vehicleType)] },
              { name: 'rideAccepted', rooms: toRequester },
            ]
          : [];
      case 'RideStarted':
        return ride ? [{ name: 'rideStarted', rooms: [...toRequester, ...toDriver(d.driverId!)] }] : [];
      case 'MaterialPicked':
        return ride ? [{ name: 'materialPicked', rooms: [...toRequester, ...toDriver(d.driverId!)] }] : [];
      case 'MaterialDropped':
        return ride ? [{ name: 'materialDropped', rooms: [...toRequester, ...toDriver(d.driverId!)] }] : [];
      case 'RideEnded':
        return ride ? [{ name: 'rideEnded', rooms: [...toRequester, ...toDriver(d.driverId!)] }] : [];
      case 'RideCancelled':
        return ride ? [{ name: 'removeRide', rooms: [vehicle(ride.vehicleType)] }] : [];
      case 'RideRedistributed':
        return ride
          ? [
              { name: 'rideRedistributed', rooms: toRequester },
              // Not offered to the driver who broke down (engine/README.md).
              { name: 'redistributedRide', rooms: [vehicle(ride.vehicleType)], except: [driver(d.originalDriverId!)] },
              // As the redistribution recorded it: nobody else could take it over (absent before version 3: nothing).
              ...(event.data.alternativeDrivers === 0 ? [{ name: 'noAlternativeDriver', rooms: toRequester }] : []),
            ]
          : [];
      case 'RideTakenOver':
        return ride
          ? [
              { name: 'removeRide', rooms: [vehicle(ride.vehicleType)] },
              { name: 'driverReassigned', rooms: toRequester },
              { name: 'rideAccepted', rooms: toRequester },
            ]
          : [];
      case 'RideWaitAlerted':
        return ride
          ? [
              { name: 'rideWaitingTooLong', rooms: [STAFF] },
              { name: 'newRideRequest', rooms: [vehicle(ride.vehicleType)] },
            ]
          : [];
      case 'ReassignmentOverdue':
        return ride ? [{ name: 'noAlternativeDriver', rooms: toRequester }] : [];
      case 'SpecialTaskOverran':
        return ride ? [{ name: 'specialTaskOverdue', rooms: [...toRequester, ...toDriver(d.driverId!)] }] : [];
      case 'MaintenanceRequested':
        this.requests.set(d.requestId!, d.driverId!);
        return [
          { name: 'maintenanceRequestAdded', rooms: [STAFF] },
          { name: 'newMaintenanceRequest', rooms: [STAFF] },
        ];
      case 'MaintenanceAccepted':
        return [{ name: 'requestStatusUpdated', rooms: [STAFF] }];
      case 'MaintenanceRejected':
      case 'MaintenanceCompleted': {
        // The outcome names its driver; one stored before it did, its request.
        const driverId = d.driverId ?? this.requests.get(d.requestId!);
        const name = event.type === 'MaintenanceCompleted' ? 'maintenanceCompleted' : 'maintenanceRejected';
        return [{ name: 'requestStatusUpdated', rooms: [STAFF] }, ...(driverId ? [{ name, rooms: toDriver(driverId) }] : [])];
      }
      case 'DriverBlockedForMaintenance':
        return [{ name: 'driverBlocked', rooms: toDriver(d.operatorId!) }];
      case 'DriverUnblocked':
        return [{ name: 'driverUnblocked', rooms: [...toDriver(d.operatorId!), STAFF] }];
      case 'DriverStatusChanged':
        return [{ name: 'statusChanged', rooms: [...toDriver(d.operatorId!), STAFF] }];
      case 'UserSignedUp':
        return [{ name: 'newRegistrationRequest', rooms: [STAFF] }];
      default:
        return [];
    }
  }
}
