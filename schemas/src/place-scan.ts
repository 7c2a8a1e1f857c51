import { SCAN_STEPS, SITE_WIDE, normalizedCode, type ScanProof, type ScanStep, type StepScan } from './place-code';
import { locationNamed, type SiteLocation, type SiteState } from './site-plan';
import type { TimestampEvent } from './constants';
import { wordedMessage } from './api/text-fields';
import { templated } from './message-template';
import { STEP_NOTES } from './step-clock-note';

/*
 * The one rule of scan-proof hand-over (issue #34 item 2): which place's code a driver's step needs,
 * and whether what he sent proves it. The ride decider applies it to every step; the driver's ongoing
 * ride answers what it says in advance (scansNeeded), so his screen asks for the scan before the tap.
 */

/** What the rule reads of a ride: its type and places, as booked. */
export interface ScanRide {
  rideType: string;
  fromLocation: string;
  toLocation: string;
}

/** The place whose code a step happens at: a Special Task starts at its place and every ride picks there; the drop is at its destination. */
function placeOfStep(ride: ScanRide, step: TimestampEvent): string | null {
  if (step === 'materialPicked') return ride.fromLocation;
  if (step === 'materialDropped') return ride.toLocation;
  if (step === 'start' && ride.rideType === 'Special Task') return ride.fromLocation;
  return null;
}

/**
 * The place whose code this step of this ride needs scanned, or null when it needs none: the site
 * asks it of every place, or this place asks it. A place the site no longer knows by the ride's name
 * for it (renamed since booking) asks nothing (docs/DECISIONS.md).
 */
export function scanNeededFor(site: SiteState, ride: ScanRide, step: TimestampEvent): SiteLocation | null {
  if (step === 'end') return null;
  const name = placeOfStep(ride, step);
  const place = name === null ? undefined : locationNamed(site, name);
  if (!place) return null;
  const rules = site.scanRules ?? {};
  const asked = (rules[SITE_WIDE] ?? []).includes(step) || (rules[place.id] ?? []).includes(step);
  return asked ? place : null;
}

/** Every step of the ride that needs a scan, and of which place (by name): what the driver's screen shows. */
export function scansNeeded(site: SiteState, ride: ScanRide): { step: ScanStep; place: string }[] {
  return SCAN_STEPS.flatMap((step) => {
    const place = scanNeededFor(site, ride, step);
    return place ? [{ step, place: place.name }] : [];
  });
}

/** The place a scanned or typed code belongs to, if any. */
export function placeOfCode(site: SiteState, text: string): SiteLocation | undefined {
  const code = normalizedCode(text);
  const entry = Object.entries(site.codes ?? {}).find(([, held]) =>
    'token' in code ? held.token === code.token : held.shortCode === code.shortCode,
  );
  return entry ? site.locations.find((place) => place.id === entry[0]) : undefined;
}

export const SCAN_MESSAGES = {
  needed: templated('Scan the code at {{place}} for this step, or say why you cannot.', 'place'),
  unknown: templated("This is not a place's code. Scan or type the code at {{place}}.", 'place'),
  wrongPlace: templated('This code belongs to {{owner}}, not {{place}}. Scan the code at {{place}}.', 'owner', 'place'),
  reasonNeeded: wordedMessage('Say why you cannot scan (at least 3 characters).'),
} as const;

/** The most a driver's reason for not scanning holds. */
export const SCAN_REASON_MAX = 200;

/**
 * Whether `proof` proves the driver is at `place`: its code, read or typed, or his reason for not
 * scanning (an override the audit and the report mark). Answers what the step records, or why not.
 */
export function judgeScan(site: SiteState, place: SiteLocation, proof: ScanProof | undefined): { scan: StepScan } | { refusal: string } {
  if (!proof) return { refusal: SCAN_MESSAGES.needed(place.name) };
  if ('cannotScan' in proof) {
    const reason = proof.cannotScan.trim();
    if (reason.length < 3) return { refusal: SCAN_MESSAGES.reasonNeeded };
    return { scan: { placeId: place.id, place: place.name, via: 'override', reason: reason.slice(0, SCAN_REASON_MAX) } };
  }
  const owner = placeOfCode(site, proof.code);
  if (!owner) return { refusal: SCAN_MESSAGES.unknown(place.name) };
  if (owner.id !== place.id) return { refusal: SCAN_MESSAGES.wrongPlace(owner.name, place.name) };
  return { scan: { placeId: place.id, place: place.name, via: proof.via } };
}

/** What an auditor reads of a step's scan (a step event's `scan`), or null for a step that needed none. */
export function stepScanNote(data: object): string | null {
  const scan = (data as { scan?: Partial<StepScan> }).scan;
  if (!scan || typeof scan.place !== 'string') return null;
  if (scan.via === 'override') return STEP_NOTES.notScanned(scan.place, scan.reason ?? '');
  return scan.via === 'typed' ? STEP_NOTES.scannedTyped(scan.place) : STEP_NOTES.scannedCamera(scan.place);
}
