import type { VehicleType } from '@plantride/schemas';

/**
 * Every feature's query keys, in one place: what a socket event or a command moves is found here
 * (invalidate, setQueryData) without one feature importing another, and the persisted copy of
 * the cache (persisted-cache.ts) names what it keeps by these prefixes.
 */
export const rideKeys = {
  all: ['rides'] as const,
  detail: (rideId: string | null) => [...rideKeys.all, 'detail', rideId] as const,
  status: (rideId: string | null) => [...rideKeys.detail(rideId), 'status'] as const,
  timestamps: (rideId: string | null) => [...rideKeys.detail(rideId), 'timestamps'] as const,
  timeline: (rideId: string | null) => [...rideKeys.detail(rideId), 'timeline'] as const,
};

export const historyKeys = {
  all: ['ride-history'] as const,
  requester: (userId: string) => [...historyKeys.all, 'requester', userId] as const,
  drivers: ['ride-history', 'driver'] as const,
  driver: (driverId: string) => [...historyKeys.drivers, driverId] as const,
};

export const availableRideKeys = {
  all: ['available-rides'] as const,
  list: (vehicleType: VehicleType | null) => [...availableRideKeys.all, vehicleType] as const,
};

export const driverKeys = {
  all: ['drivers'] as const,
  records: ['drivers', 'record'] as const,
  record: (tokenNo: string) => [...driverKeys.records, tokenNo] as const,
  actives: ['drivers', 'active'] as const,
  active: (tokenNo: string) => [...driverKeys.actives, tokenNo] as const,
  shift: ['drivers', 'shift'] as const,
  list: ['drivers', 'list'] as const,
  presence: ['drivers', 'presence'] as const,
  onShift: (vehicleType: VehicleType) => ['drivers', 'on-shift', vehicleType] as const,
  registrations: ['drivers', 'registrations'] as const,
  ownForInspection: (tokenNo: string) => [...driverKeys.all, 'inspection', tokenNo] as const,
};

export const requesterKeys = {
  details: (userId: string) => ['requesters', userId] as const,
};

export const maintenanceKeys = {
  requests: ['maintenance-requests'] as const,
};

/** The dispatcher board (issue #32 item 4): one answer, read again at each staff event's position. */
export const boardKeys = {
  all: ['board'] as const,
  at: (position: number, version: number) => [...boardKeys.all, position, version] as const,
};

export const inspectionKeys = {
  settings: ['inspection-settings'] as const,
  checklist: (vehicleType: VehicleType) => ['checklist', vehicleType] as const,
  list: ['inspections'] as const,
};

export const reportKeys = {
  rides: ['ride-reports'] as const,
  kpis: ['kpis'] as const,
  fleetKpis: ['fleet-kpis'] as const,
};

export const siteKeys = {
  site: ['site'] as const,
  dispatch: ['dispatch-settings'] as const,
  verifyAccess: ['verify-access'] as const,
  /** Issue #34 item 2: the places' codes and the scan rules (admins). */
  placeCodes: ['site', 'place-codes'] as const,
};

/** The admin's service accounts (issue #33 item 1): read from the engine's stream, one list. */
export const serviceAccountKeys = {
  all: ['service-accounts'] as const,
};

/** Issue #34 item 1: the server's VAPID key (null: notifications are not set up there). */
export const pushKeys = {
  key: ['push', 'key'] as const,
};
