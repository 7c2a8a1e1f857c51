import { z } from 'zod';
import { kpisQuerySchema } from './kpis.api';

/**
 * GET /api/kpis/fleet and GET /api/kpis/fleet.csv (issue #21), staff only: the same `from`, `to`
 * (plant days, dd/MM/yyyy or yyyy-MM-dd, defaults and range errors as GET /api/reports/kpis) and
 * optional `vehicleType`.
 */
export const fleetQuerySchema = kpisQuerySchema;
export type FleetQuery = z.infer<typeof fleetQuerySchema>;

/**
 * Reliability figures over the range (docs/DECISIONS.md, "Fleet reliability figures"). Every
 * instant is the one the event store recorded the event at.
 * - `breakdowns`: maintenance requests that blocked a driver (his own or a failed critical
 *   inspection's), counted on the plant day of the request.
 * - `operatingHours`: ride time, from the driver taking a ride (accepting or taking it over) to his
 *   release from it (ended, or handed on after a breakdown), on the plant day the hold began; a
 *   hold still open counts until the time of the query.
 * - `mtbfHours`: operatingHours / breakdowns; null with no breakdown.
 * - `mttrHours`: mean of request → completion over the range's breakdowns that were completed
 *   (rejected ones left out); null with none.
 * - `downtimeHours`: over the range's breakdowns, the time the driver stayed blocked (block →
 *   unblock), one still open counting until the time of the query.
 * - `inspectionCompliance`: of the operating days (plant days on which the vehicle was taken for a
 *   ride), the share, to 3 decimals, on which the driver of the day's first take had recorded a
 *   vehicle inspection that plant day before taking it; null with no operating day.
 * - `operatingMinutes`, `downtimeMinutes` (issue #32 item 6): the same times in whole minutes, a
 *   vehicle's rounded once; a type's are the sum of its vehicles', the total's the sum of the types',
 *   so the screens' figures add up exactly. The hours are these minutes / 60 to 2 decimals.
 * Hours have 2 decimals.
 */
export const fleetFiguresSchema = z.object({
  breakdowns: z.number().int(),
  operatingHours: z.number(),
  operatingMinutes: z.number().int(),
  mtbfHours: z.number().nullable(),
  mttrHours: z.number().nullable(),
  downtimeHours: z.number(),
  downtimeMinutes: z.number().int(),
  inspectionCompliance: z.number().min(0).max(1).nullable(),
});
export type FleetFigures = z.infer<typeof fleetFiguresSchema>;

/** A vehicle type's figures: every vehicle of it, those driven with no registration number included. */
export const fleetVehicleTypeSchema = fleetFiguresSchema.extend({ vehicleType: z.string() });
export type FleetVehicleType = z.infer<typeof fleetVehicleTypeSchema>;

/**
 * One vehicle (a registration number as the driver record named it at the event) of one vehicle
 * type; the driver records with no registration number are one row of their type,
 * `FLEET_NO_REGISTRATION`, so that a type is the sum of its rows.
 */
export const fleetVehicleSchema = fleetFiguresSchema.extend({ vehicle: z.string(), vehicleType: z.string() });
export type FleetVehicle = z.infer<typeof fleetVehicleSchema>;

/** The vehicle row of the driver records with no registration number (the spec's default vehicle number). */
export const FLEET_NO_REGISTRATION = 'Unknown';

/**
 * Answer of GET /api/kpis/fleet; `from` and `to` are the 'yyyy-MM-dd' days covered. Types and
 * vehicles with a breakdown or an operating day in the range are listed, types by name, vehicles
 * by type then registration number; `total` is every listed vehicle together.
 */
export const fleetAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  vehicleTypes: z.array(fleetVehicleTypeSchema),
  vehicles: z.array(fleetVehicleSchema),
  total: fleetFiguresSchema,
});
export type FleetAnswer = z.infer<typeof fleetAnswerSchema>;

/** The columns of GET /api/kpis/fleet.csv, one row per vehicle; an empty cell is a null figure. */
export const FLEET_CSV_COLUMNS = [
  'VEHICLE',
  'VEHICLE_TYPE',
  'BREAKDOWNS',
  'OPERATING_HOURS',
  'MTBF_HOURS',
  'MTTR_HOURS',
  'DOWNTIME_HOURS',
  'INSPECTION_COMPLIANCE',
] as const;

/** The CSV's file name: the range it covers. */
export const fleetCsvFileName = (from: string, to: string): string => `fleet_reliability_${from}_${to}.csv`;

const hours = (ms: number): number => Math.round(ms / 36_000) / 100;
const MINUTE_MS = 60_000;

/** Facts summed over a range for one vehicle or type, in whole milliseconds (exact sums), before they become figures. */
export interface FleetTotals {
  breakdowns: number;
  operatingMs: number;
  /** Request → completion of each completed breakdown. */
  repairMs: number[];
  downtimeMs: number;
  operatingDays: number;
  inspectedDays: number;
}

/** The figures of summed facts, rounded as the answer shows them. */
export function fleetFiguresOf(totals: FleetTotals): FleetFigures {
  const { breakdowns, operatingMs, repairMs, downtimeMs, operatingDays, inspectedDays } = totals;
  return {
    breakdowns,
    operatingHours: hours(operatingMs),
    operatingMinutes: Math.round(operatingMs / MINUTE_MS),
    mtbfHours: breakdowns === 0 ? null : hours(operatingMs / breakdowns),
    mttrHours: repairMs.length === 0 ? null : hours(repairMs.reduce((sum, ms) => sum + ms, 0) / repairMs.length),
    downtimeHours: hours(downtimeMs),
    downtimeMinutes: Math.round(downtimeMs / MINUTE_MS),
    inspectionCompliance: operatingDays === 0 ? null : Math.round((inspectedDays / operatingDays) * 1000) / 1000,
  };
}

/** One vehicle's facts over the range. */
export interface FleetVehicleTotals extends FleetTotals {
  vehicle: string;
  vehicleType: string;
}

const emptyFleetTotals = (): FleetTotals => ({
  breakdowns: 0,
  operatingMs: 0,
  repairMs: [],
  downtimeMs: 0,
  operatingDays: 0,
  inspectedDays: 0,
});

function addTotals(sum: FleetTotals, totals: FleetTotals): FleetTotals {
  sum.breakdowns += totals.breakdowns;
  sum.operatingMs += totals.operatingMs;
  sum.repairMs.push(...totals.repairMs);
  sum.downtimeMs += totals.downtimeMs;
  sum.operatingDays += totals.operatingDays;
  sum.inspectedDays += totals.inspectedDays;
  return sum;
}

/**
 * Issue #32 item 6, the one rule of how fleet figures add up: each vehicle's times are rounded to
 * whole minutes once, a type's facts are the sum of its vehicles' (so its minutes, breakdowns and
 * days are theirs added, never measured again), and the total the sum of the types'. Means (MTBF,
 * MTTR) and compliance come from the summed facts. Vehicles keep their order; types go by name.
 */
export function fleetFiguresByGroup(vehicles: readonly FleetVehicleTotals[]): {
  vehicleTypes: FleetVehicleType[];
  vehicles: FleetVehicle[];
  total: FleetFigures;
} {
  const types = new Map<string, FleetTotals>();
  const rows: FleetVehicle[] = [];
  for (const { vehicle, vehicleType, ...facts } of vehicles) {
    const rounded: FleetTotals = {
      ...facts,
      repairMs: [...facts.repairMs],
      operatingMs: Math.round(facts.operatingMs / MINUTE_MS) * MINUTE_MS,
      downtimeMs: Math.round(facts.downtimeMs / MINUTE_MS) * MINUTE_MS,
    };
    rows.push({ vehicle, vehicleType, ...fleetFiguresOf(rounded) });
    addTotals(types.get(vehicleType) ?? types.set(vehicleType, emptyFleetTotals()).get(vehicleType)!, rounded);
  }
  const byName = [...types].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const total = byName.reduce((sum, [, totals]) => addTotals(sum, totals), emptyFleetTotals());
  return {
    vehicleTypes: byName.map(([vehicleType, totals]) => ({ vehicleType, ...fleetFiguresOf(totals) })),
    vehicles: rows,
    total: fleetFiguresOf(total),
  };
}
