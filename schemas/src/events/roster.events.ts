import { z } from 'zod';
import { idSchema } from '../primitives';
import { defineEvent } from './define-event';

/*
 * The driver roster stream (issue #29): the serial the next driver record gets, decided where it is
 * issued. Every add appends to it in the same append as its DriverAdded, so two adds racing cannot
 * take one serial: the later append finds the stream moved on, and its command decides again.
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

/** Any event of the driver roster stream. */
export const rosterEventSchema = z.discriminatedUnion('type', [driverRosterOpenedSchema, driverSerialIssuedSchema]);

export type DriverRosterOpened = z.infer<typeof driverRosterOpenedSchema>;
export type DriverSerialIssued = z.infer<typeof driverSerialIssuedSchema>;
export type RosterEvent = z.infer<typeof rosterEventSchema>;
export type RosterEventType = RosterEvent['type'];

export const ROSTER_EVENT_SCHEMA_VERSIONS = {
  DriverRosterOpened: 1,
  DriverSerialIssued: 1,
} as const satisfies Record<RosterEventType, number>;

export const ROSTER_EVENT_TYPES = Object.keys(ROSTER_EVENT_SCHEMA_VERSIONS) as RosterEventType[];
