import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorAnswerSchema,
  placeCodesAnswerSchema,
  qrTextOf,
  setScanRuleAnswerSchema,
  setScanRuleBodySchema,
  siteOf,
  type PlaceCodesAnswer,
  type SiteState,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { SPARE_CODES, drawPlaceCodes, placesWithoutCode, setScanRequirement } from './place-codes';

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema, 409: errorAnswerSchema };

/** The places' codes and the scan rules, as the site screen and its printable sheets show them. */
export function placeCodesAnswer(state: SiteState | null): PlaceCodesAnswer {
  const site = siteOf(state);
  const places = site.locations.map((place) => {
    const code = state?.codes?.[place.id];
    return {
      placeId: place.id,
      name: place.name,
      retired: place.retired,
      qrText: code ? qrTextOf(code) : null,
      shortCode: code?.shortCode ?? null,
    };
  });
  const rules = Object.entries(state?.scanRules ?? {})
    .filter(([, steps]) => steps.length > 0)
    .map(([placeId, steps]) => ({ placeId, steps: [...steps] }));
  return { places, rules };
}

/** Issue #34 item 2: places' codes (admins only: a driver who read them could type any place's) and the scan rules. */
export const placeCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/site/place-codes',
    { onRequest: app.requireRole('admin'), schema: { response: { 200: placeCodesAnswerSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return placeCodesAnswer(app.site.current());
    },
  );

  app.put(
    '/api/site/scan-rules',
    { onRequest: app.requireRole('admin'), schema: { body: setScanRuleBodySchema, response: { 200: setScanRuleAnswerSchema, ...errors } } },
    async (request) => {
      const { placeId, step, required } = request.body;
      const pool = required ? drawPlaceCodes(placesWithoutCode(app.site.current()) + SPARE_CODES) : [];
      const result = await handle(
        app.eventStore,
        setScanRequirement,
        { type: 'SetScanRequirement', data: { placeId, step, required, pool } },
        httpCommandContext(request, currentUser(request)),
      );
      return { placeId, step, required, position: result.position };
    },
  );
};
