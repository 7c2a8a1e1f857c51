import { randomInt } from 'node:crypto';
import {
  SERVER_MESSAGES,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
  SITE_WIDE,
  TOKEN_ALPHABET,
  TOKEN_LENGTH,
  siteOf,
  type PlaceCode,
  type ScanStep,
  type SiteEvent,
  type SiteState,
} from '@plantride/schemas';
import type { CommandHandler } from '../commands/command-handler';
import { requireActor } from '../commands/actors';
import { notFound } from '../commands/errors';
import { siteDefined, siteStream } from './site.decider';

/*
 * Places' codes and the scan rules (issue #34 item 2). A code is drawn at random by the caller (the
 * command carries it, so a retry with its Idempotency-Key issues the same) and recorded by an event:
 * a new place gets one in its own append; places made before get theirs at the engine's start, or
 * when an admin first asks for a scan. History is never rewritten (docs/DECISIONS.md).
 */

const draw = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/** `count` fresh random codes, for the places that have none (placeId filled in by codesFor). */
export function drawPlaceCodes(count: number): Omit<PlaceCode, 'placeId'>[] {
  return Array.from({ length: count }, () => ({
    token: draw(TOKEN_ALPHABET, TOKEN_LENGTH),
    shortCode: draw(SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH),
  }));
}

/** A few codes drawn beyond those needed: a drawn code another place holds is passed over. */
export const SPARE_CODES = 3;

/** How many places of the site have no code yet: what a caller draws for. */
export const placesWithoutCode = (state: SiteState | null): number =>
  siteOf(state).locations.filter((place) => !state?.codes?.[place.id]).length;

/**
 * Codes for the places without one, taken in turn from the drawn `pool`; a drawn code another place
 * holds (or one drawn twice) is passed over. `extra`: places about to be added in the same append, served first.
 */
export function codesFor(state: SiteState | null, pool: readonly Omit<PlaceCode, 'placeId'>[], extra: readonly string[] = []): PlaceCode[] {
  const held = Object.values(state?.codes ?? {});
  const tokens = new Set(held.map((code) => code.token));
  const shorts = new Set(held.map((code) => code.shortCode));
  const waiting = [
    ...extra,
    ...siteOf(state)
      .locations.map((place) => place.id)
      .filter((id) => !state?.codes?.[id]),
  ];
  const issued: PlaceCode[] = [];
  for (const code of pool) {
    const placeId = waiting[issued.length];
    if (placeId === undefined) break;
    if (tokens.has(code.token) || shorts.has(code.shortCode)) continue;
    tokens.add(code.token);
    shorts.add(code.shortCode);
    issued.push({ placeId, ...code });
  }
  return issued;
}

/** The codes as an event, when there are any. */
export const codesIssued = (codes: PlaceCode[]): SiteEvent[] => (codes.length > 0 ? [{ type: 'PlaceCodesIssued', data: { codes } }] : []);

/** A change to a site not yet written starts by writing the default one, in the same append. */
const onto = (state: SiteState | null, events: SiteEvent[]): SiteEvent[] =>
  events.length === 0 || state ? events : [siteDefined(), ...events];

export interface IssuePlaceCodesCommand {
  type: 'IssuePlaceCodes';
  /** Codes drawn at random, at least one per place without a code (drawPlaceCodes). */
  data: { pool: Omit<PlaceCode, 'placeId'>[] };
}

/** At the engine's start: a code for every place made before codes were issued; none missing appends nothing. */
export const issuePlaceCodes: CommandHandler<IssuePlaceCodesCommand, { site: ReturnType<typeof siteStream> }> = {
  streams: () => ({ site: siteStream() }),
  decide({ data }, { site }, { actor }) {
    requireActor(actor, 'admin');
    return { site: onto(site, codesIssued(codesFor(site, data.pool))) };
  },
};

export interface SetScanRequirementCommand {
  type: 'SetScanRequirement';
  data: { placeId: string; step: ScanStep; required: boolean; pool: Omit<PlaceCode, 'placeId'>[] };
}

/**
 * PUT /api/site/scan-rules (admin): whether a step needs a scan at one place or (placeId '*') at every
 * place. Places without a code get one in the same append, so a step asked for a scan always has a
 * code to scan. The same again changes nothing.
 */
export const setScanRequirement: CommandHandler<SetScanRequirementCommand, { site: ReturnType<typeof siteStream> }> = {
  streams: () => ({ site: siteStream() }),
  decide({ data }, { site: state }, { actor }) {
    requireActor(actor, 'admin');
    const { placeId, step, required, pool } = data;
    const site = siteOf(state);
    if (placeId !== SITE_WIDE && !site.locations.some((place) => place.id === placeId)) throw notFound(SERVER_MESSAGES.placeNotFound);
    const holds = (state?.scanRules?.[placeId] ?? []).includes(step);
    if (holds === required) return {};
    const codes = required ? codesIssued(codesFor(state, pool)) : [];
    return { site: onto(state, [...codes, { type: 'ScanRequirementSet', data: { placeId, step, required } }]) };
  },
};
