import { z } from 'zod';
import { ALERT_EVENT_SCHEMA_VERSIONS, alertEventSchema } from './alert.events';
import { DISPATCH_EVENT_SCHEMA_VERSIONS, dispatchEventSchema } from './dispatch.events';
import { DRIVER_EVENT_SCHEMA_VERSIONS, driverEventSchema } from './driver.events';
import { INSPECTION_EVENT_SCHEMA_VERSIONS, inspectionEventSchema } from './inspection.events';
import { MAINTENANCE_EVENT_SCHEMA_VERSIONS, maintenanceEventSchema } from './maintenance.events';
import { RIDE_EVENT_SCHEMA_VERSIONS, rideEventSchema } from './ride.events';
import { ROBOT_EVENT_SCHEMA_VERSIONS, robotEventSchema } from './robot.events';
import { ROSTER_EVENT_SCHEMA_VERSIONS, rosterEventSchema } from './roster.events';
import { SERVICE_ACCOUNT_EVENT_SCHEMA_VERSIONS, serviceAccountEventSchema } from './service-account.events';
import { SITE_EVENT_SCHEMA_VERSIONS, siteEventSchema } from './site.events';
import { USER_EVENT_SCHEMA_VERSIONS, userEventSchema } from './user.events';

export * from './alert.events';
export * from './dispatch.events';
export * from './driver.events';
export * from './event-metadata';
export * from './inspection.events';
export * from './maintenance.events';
export * from './ride.events';
export * from './robot.events';
export * from './roster.events';
export * from './service-account.events';
export * from './site.events';
export * from './user.events';

/** Any domain event of any stream, discriminated by `type`. */
export const domainEventSchema = z.discriminatedUnion('type', [
  ...rideEventSchema.options,
  ...userEventSchema.options,
  ...driverEventSchema.options,
  ...maintenanceEventSchema.options,
  ...siteEventSchema.options,
  ...dispatchEventSchema.options,
  ...inspectionEventSchema.options,
  ...rosterEventSchema.options,
  ...alertEventSchema.options,
  ...serviceAccountEventSchema.options,
  ...robotEventSchema.options,
]);
export type DomainEvent = z.infer<typeof domainEventSchema>;
export type EventType = DomainEvent['type'];
export type EventOfType<T extends EventType> = Extract<DomainEvent, { type: T }>;

// The version written with each event; reading an older version means upcasting it first.
export const EVENT_SCHEMA_VERSIONS = {
  ...RIDE_EVENT_SCHEMA_VERSIONS,
  ...USER_EVENT_SCHEMA_VERSIONS,
  ...DRIVER_EVENT_SCHEMA_VERSIONS,
  ...MAINTENANCE_EVENT_SCHEMA_VERSIONS,
  ...SITE_EVENT_SCHEMA_VERSIONS,
  ...DISPATCH_EVENT_SCHEMA_VERSIONS,
  ...INSPECTION_EVENT_SCHEMA_VERSIONS,
  ...ROSTER_EVENT_SCHEMA_VERSIONS,
  ...ALERT_EVENT_SCHEMA_VERSIONS,
  ...SERVICE_ACCOUNT_EVENT_SCHEMA_VERSIONS,
  ...ROBOT_EVENT_SCHEMA_VERSIONS,
} as const satisfies Record<EventType, number>;

export const EVENT_TYPES = Object.keys(EVENT_SCHEMA_VERSIONS) as EventType[];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_SCHEMA_VERSIONS, type);
}
