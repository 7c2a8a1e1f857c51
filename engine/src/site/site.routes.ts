import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addLocationBodySchema,
  changeLocationBodySchema,
  defaultPlaceId,
  errorAnswerSchema,
  locationByIdOrName,
  locationAnswerSchema,
  locationParamsSchema,
  pairKey,
  routeAnswerSchema,
  setRouteBodySchema,
  siteAnswerSchema,
  siteMinutes,
  siteOf,
  type SiteAnswer,
  type SiteState,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle, type CommandResult } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { addLocation, changeLocation, setRouteTime } from './site.decider';
import { SPARE_CODES, drawPlaceCodes, placesWithoutCode } from './place-codes';

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema, 409: errorAnswerSchema };

/** The whole site as the screen draws it: its places and the routes it holds apart from the plan's estimates. */
export function siteAnswer(state: SiteState | null, version: number): SiteAnswer {
  const site = siteOf(state);
  const routes = Object.entries(site.minutes).map(([key, minutes]) => {
    const [from = '', to = ''] = key.split('>');
    return { from, to, minutes, edited: site.edited[key] === true };
  });
  return { locations: site.locations.map((place) => ({ ...place })), routes, version };
}

/** The answer's shape; a release that changes it changes every ETag, so no cache keeps the old shape. */
const ANSWER_SHAPE = 'site-2';

/** Whether If-None-Match names this ETag (weak comparison, RFC 9110 13.1.2): `*`, or one of a list. */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** GET /api/site's body, made once per site version: screens re-read it after every change. */
function servedSite(cache: { current(): SiteState | null; version(): number }) {
  let served: { version: number; etag: string; body: Buffer } | undefined;
  return () => {
    const version = cache.version();
    if (served?.version !== version) {
      const body = Buffer.from(JSON.stringify(siteAnswer(cache.current(), version)));
      served = { version, etag: `"${ANSWER_SHAPE}-${version}"`, body };
    }
    return served;
  };
}

/** A new place's id: its name made an id, or with a few random letters when that one is taken. */
function newPlaceId(site: SiteState, name: string): string {
  const base = defaultPlaceId(name).slice(0, 30);
  const taken = (id: string) => site.locations.some((place) => place.id === id);
  if (base && !taken(base)) return base;
  return `${base || 'place'}-${randomBytes(4).toString('hex')}`;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.site;

  const placeAnswer = (id: string, result: CommandResult) => {
    const place = siteOf(cache.current()).locations.find((candidate) => candidate.id === id);
    if (!place) throw new Error(`place ${id} is not in the site after its command`);
    return { ...place, position: result.position };
  };

  const served = servedSite(cache);
  // Sent as made (a Buffer skips the serializer); the schema stands for the documentation. `no-cache`: a
  // browser keeps the answer but asks each time with If-None-Match, and an unchanged site answers 304.
  app.get(
    '/api/site',
    {
      onRequest: app.requireRole(),
      schema: { response: { 200: siteAnswerSchema, 304: z.null().describe('Not modified: the site is as the ETag sent says.') } },
    },
    async (request, reply) => {
      const { etag, body } = served();
      void reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (noneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      // The body is the answer already serialized and encoded; Fastify sends a Buffer as it is.
      return reply.type('application/json; charset=utf-8').send(body as unknown as SiteAnswer);
    },
  );

  app.post(
    '/api/site/locations',
    { onRequest: app.requireRole('admin'), schema: { body: addLocationBodySchema, response: { 200: locationAnswerSchema, ...errors } } },
    async (request) => {
      const { name, x, y } = request.body;
      const id = newPlaceId(siteOf(cache.current()), name);
      const result = await handle(
        app.eventStore,
        addLocation,
        { type: 'AddLocation', data: { id, name, x, y }, pool: drawPlaceCodes(placesWithoutCode(cache.current()) + 1 + SPARE_CODES) },
        httpCommandContext(request, currentUser(request)),
      );
      // A repeated Idempotency-Key answers the place added the first time.
      const added = result.events.find((event) => event.type === 'LocationAdded');
      return placeAnswer(added?.type === 'LocationAdded' ? added.data.id : id, result);
    },
  );

  app.patch(
    '/api/site/locations/:id',
    {
      onRequest: app.requireRole('admin'),
      schema: { params: locationParamsSchema, body: changeLocationBodySchema, response: { 200: locationAnswerSchema, ...errors } },
    },
    async (request) => {
      const result = await handle(
        app.eventStore,
        changeLocation,
        { type: 'ChangeLocation', data: { id: request.params.id, ...request.body } },
        httpCommandContext(request, currentUser(request)),
      );
      return placeAnswer(request.params.id, result);
    },
  );

  app.put(
    '/api/site/routes',
    { onRequest: app.requireRole('admin'), schema: { body: setRouteBodySchema, response: { 200: routeAnswerSchema, ...errors } } },
    async (request) => {
      const result = await handle(
        app.eventStore,
        setRouteTime,
        { type: 'SetRouteTime', data: request.body },
        httpCommandContext(request, currentUser(request)),
      );
      const site = siteOf(cache.current());
      const [from, to] = [locationByIdOrName(site, request.body.from)!, locationByIdOrName(site, request.body.to)!];
      const key = pairKey(from.id, to.id);
      return {
        from: from.id,
        to: to.id,
        minutes: siteMinutes(site, from.id, to.id)!,
        edited: site.edited[key] === true,
        position: result.position,
      };
    },
  );
};

/** The site as data (issue #20): GET /api/site for everyone signed in, the changes for admins. */
export const siteRoutes = fp(routes, { name: 'site', dependencies: ['database', 'auth', 'site-state'] });
