import { z } from 'zod';
import { vehicleTypeSchema } from '../constants';
import { idSchema } from '../primitives';
import { defineEvent } from './define-event';

/*
 * The driver roster stream (issue #29): the serial the next driver record gets, decided where it is
 * issued. Every add appends to it in the same append as its DriverAdded, so two adds racing cannot
 * take one serial: the later append finds the stream moved on, and its command decides again.
 *
 * It also counts the drivers a booking needs: the vehicle type each Active driver record is counted
 * for. An add or an edit that changes it records it here in the same append, and a booking reads the
 * stream, so "No Forklift drivers are assigned" is decided on the store and replays from it.
 */

/** The roster's first event on a store that held driver records before it: the highest serial among them. */
export const driverRosterOpenedSchema = defineEvent('DriverRosterOpened', {
  lastSerial: z.number().int().nonnegative(),
});

/** A driver record was added with this serial (the record's DriverAdded carries it too). */
export const driverSerialIssuedSchema = defineEvent('DriverSerialIssued', {
  operatorId: idSchema,
  serial: z.number().int().positive(),
});

/**
 * The vehicle type a driver record is counted for now: its vehicle while it is Active, none (null)
 * while it is Not Active or has no vehicle type. Recorded whenever an add or an edit changes it.
 */
export const driverCountedSchema = defineEvent('DriverCounted', {
  operatorId: idSchema,
  vehicleType: vehicleTypeSchema.nullable(),
});

/**
 * The counts' first event on a store whose driver records came before them: each record counted,
 * as the records stood when an engine started (the vehicle type of each Active one with a type).
 */
export const driverCountsOpenedSchema = defineEvent('DriverCountsOpened', {
  counted: z.record(idSchema, vehicleTypeSchema),
});

/** Any event of the driver roster stream. */
export const rosterEventSchema = z.discriminatedUnion('type', [
  driverRosterOpenedSchema,
  driverSerialIssuedSchema,
  driverCountedSchema,
  driverCountsOpenedSchema,
]);

export type DriverRosterOpened = z.infer<typeof driverRosterOpenedSchema>;
export type DriverSerialIssued = z.infer<typeof driverSerialIssuedSchema>;
export type DriverCounted = z.infer<typeof driverCountedSchema>;
export type DriverCountsOpened = z.infer<typeof driverCountsOpenedSchema>;
export type RosterEvent = z.infer<typeof rosterEventSchema>;
export type RosterEventType = RosterEvent['type'];

export const ROSTER_EVENT_SCHEMA_VERSIONS = {
  DriverRosterOpened: 1,
  DriverSerialIssued: 1,
  DriverCounted: 1,
  DriverCountsOpened: 1,
} as const satisfies Record<RosterEventType, number>;

export const ROSTER_EVENT_TYPES = Object.keys(ROSTER_EVENT_SCHEMA_VERSIONS) as RosterEventType[];
