import {
  MAX_PLACES,
  MAX_ROUTE_ENTRIES,
  MESSAGES,
  SERVER_MESSAGES,
  SITE_STREAM_ID,
  activeLocations,
  defaultSiteDefinition,
  evolveSite,
  heldRouteCount,
  locationByIdOrName,
  locationNamed,
  locationRetired,
  pairKey,
  placeNameLooksLike,
  placeNameTaken,
  siteMinutes,
  siteOf,
  placesFull,
  routesFull,
  type SiteEvent,
  type SiteLocation,
  type SitePlace,
  type SiteState,
  type PlaceCode,
} from '@plantride/schemas';
import type { CommandHandler, StreamRef } from '../commands/command-handler';
import { requireActor } from '../commands/actors';
import { badRequest, conflict, notFound } from '../commands/errors';
import { readAsOne } from './place-look';
import { codesFor, codesIssued } from './place-codes';

type SiteRef = StreamRef<SiteState | null, SiteEvent>;

/** The `site` stream; empty, it stands for the spec's plant (siteOf). */
export const siteStream = (): SiteRef => ({ id: SITE_STREAM_ID, initial: () => null, evolve: evolveSite });

/** The stream's first event: the spec's plant, written by the engine at start (or before the first change). */
export const siteDefined = (): SiteEvent => ({ type: 'SiteDefined', data: defaultSiteDefinition() });

export interface DefineDefaultSiteCommand {
  type: 'DefineDefaultSite';
}

/**
 * At engine start: the spec's plant as the `site` stream's first event, when the stream is empty.
 * An engine starting at the same moment may write it first; this one then finds it and adds nothing.
 */
export const defineDefaultSite: CommandHandler<DefineDefaultSiteCommand, { site: SiteRef }> = {
  streams: () => ({ site: siteStream() }),
  decide(_command, { site }, { actor }) {
    requireActor(actor, 'admin');
    return site ? {} : { site: [siteDefined()] };
  },
};

/** A change to a site not yet written starts by writing the default one, in the same append. */
const onto = (state: SiteState | null, events: SiteEvent[]): SiteEvent[] => (state ? events : [siteDefined(), ...events]);

/** The place called `name` (case aside), which must be in use. */
export function placeInUse(state: SiteState | null, name: string): SiteLocation {
  const place = locationNamed(siteOf(state), name);
  if (!place) throw badRequest(SERVER_MESSAGES.unknownLocation);
  if (place.retired) throw badRequest(locationRetired(place.name));
  return place;
}

/**
 * The places and minutes of a booked route, from the site as it stands: a place is found by name
 * (case aside) and must be in use. Answers the names as the site spells them now.
 */
export function bookedRoute(
  state: SiteState | null,
  fromName: string,
  toName: string,
): { fromLocation: string; toLocation: string; estimatedMinutes: number } {
  const site = siteOf(state);
  const [from, to] = [placeInUse(state, fromName), placeInUse(state, toName)];
  if (from.id === to.id) throw badRequest(MESSAGES.sameLocations);
  const estimatedMinutes = siteMinutes(site, from.id, to.id);
  if (estimatedMinutes === undefined) throw badRequest(SERVER_MESSAGES.unknownLocation);
  return { fromLocation: from.name, toLocation: to.name, estimatedMinutes };
}

/**
 * A name no other place has (retired places keep theirs: old rides name them), nor one that reads as
 * another's (issue #31: "mаin gate" with a Cyrillic "а" beside "main gate"; their TR39 skeletons match).
 */
function freeName(site: SiteState, name: string, self?: string): void {
  const holder = locationNamed(site, name);
  if (holder && holder.id !== self) throw conflict(placeNameTaken(holder.name));
  const lookalike = site.locations.find((place) => place.id !== self && readAsOne(place.name, name));
  if (lookalike) throw badRequest(placeNameLooksLike(lookalike.name));
}

export interface AddLocationCommand {
  type: 'AddLocation';
  /** The id comes with the command (the route draws it), so a retry with its Idempotency-Key adds it once. */
  data: SitePlace;
  /** Issue #34 item 2: codes drawn for the new place (and any place still without one), issued in the same append. */
  pool?: Omit<PlaceCode, 'placeId'>[];
}

/**
 * POST /api/site/locations (admin): a new place; its routes take the plan's estimate until set by hand,
 * so the event carries none. At most MAX_PLACES, retired ones counted: the store keeps every place.
 */
export const addLocation: CommandHandler<AddLocationCommand, { site: SiteRef }> = {
  streams: () => ({ site: siteStream() }),
  decide({ data, pool = [] }, { site: state }, { actor }) {
    requireActor(actor, 'admin');
    const site = siteOf(state);
    if (site.locations.some((place) => place.id === data.id)) throw conflict();
    if (site.locations.length >= MAX_PLACES) throw conflict(placesFull);
    freeName(site, data.name);
    const codes = codesIssued(codesFor(state, pool, [data.id]));
    return { site: onto(state, [{ type: 'LocationAdded', data: { ...data, routes: [] } }, ...codes]) };
  },
};

export interface ChangeLocationCommand {
  type: 'ChangeLocation';
  data: { id: string; name?: string; x?: number; y?: number; retired?: boolean };
}

/**
 * PATCH /api/site/locations/{id} (admin): rename, move, retire or bring back a place. What changes nothing
 * appends nothing. A move puts the place's routes not set by hand back on the plan's estimate (evolveSite).
 */
export const changeLocation: CommandHandler<ChangeLocationCommand, { site: SiteRef }> = {
  streams: () => ({ site: siteStream() }),
  decide({ data }, { site: state }, { actor }) {
    requireActor(actor, 'admin');
    const site = siteOf(state);
    const place = site.locations.find((candidate) => candidate.id === data.id);
    if (!place) throw notFound(SERVER_MESSAGES.placeNotFound);
    const change: Extract<SiteEvent, { type: 'LocationChanged' }>['data'] = { id: place.id };
    if (data.name !== undefined && data.name !== place.name) {
      freeName(site, data.name, place.id);
      change.name = data.name;
    }
    if (data.x !== undefined && data.x !== place.x) change.x = data.x;
    if (data.y !== undefined && data.y !== place.y) change.y = data.y;
    if (data.retired !== undefined && data.retired !== place.retired) {
      if (data.retired && activeLocations(site).length <= 2) throw badRequest(SERVER_MESSAGES.tooFewPlaces);
      change.retired = data.retired;
    }
    if (Object.keys(change).length === 1) return {};
    return { site: onto(state, [{ type: 'LocationChanged', data: change }]) };
  },
};

export interface SetRouteTimeCommand {
  type: 'SetRouteTime';
  /** Places by id or by name. */
  data: { from: string; to: string; minutes: number };
}

/** PUT /api/site/routes (admin): one directed route's minutes; the way back is its own route. At most MAX_ROUTE_ENTRIES held. */
export const setRouteTime: CommandHandler<SetRouteTimeCommand, { site: SiteRef }> = {
  streams: () => ({ site: siteStream() }),
  decide({ data }, { site: state }, { actor }) {
    requireActor(actor, 'admin');
    const site = siteOf(state);
    const from = locationByIdOrName(site, data.from);
    const to = locationByIdOrName(site, data.to);
    if (!from || !to) throw notFound(SERVER_MESSAGES.placeNotFound);
    if (from.id === to.id) throw badRequest(SERVER_MESSAGES.routeNeedsTwoPlaces);
    const key = pairKey(from.id, to.id);
    if (site.minutes[key] === data.minutes && site.edited[key]) return {};
    if (site.minutes[key] === undefined && heldRouteCount(site) >= MAX_ROUTE_ENTRIES) throw conflict(routesFull);
    return { site: onto(state, [{ type: 'RouteTimeChanged', data: { from: from.id, to: to.id, minutes: data.minutes } }]) };
  },
};
