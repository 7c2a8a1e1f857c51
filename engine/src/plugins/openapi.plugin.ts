import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';

export interface OpenApiPluginOptions {
  /** Serve /api/docs and /api/docs/json (`apiDocsServed` decides it from the configuration). */
  serve: boolean;
}

/** API_DOCS decides when set ('1' on, '0' off); unset, the docs are public outside production only. */
export function apiDocsServed(config: Pick<Config, 'NODE_ENV' | 'API_DOCS'>): boolean {
  if (config.API_DOCS !== undefined) return config.API_DOCS === '1';
  return config.NODE_ENV !== 'production';
}

/** The OpenAPI document, generated from the routes' zod schemas: JSON at /api/docs/json, browsable at /api/docs. */
export const openApiPlugin = fp<OpenApiPluginOptions>(
  async (app, options) => {
    // The document is still built when it is not served: `app.swagger()` stays for tools and tests.
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'PlantRide engine',
          version: '0.1.0',
          description:
            'The calls of SPEC §7 with their exact field names, plus our additions (health, users, read-your-writes `position`). Authenticated calls take `Authorization: Bearer <jwt_token>`; commands take an optional `Idempotency-Key` header: sent again with the same request it answers the first answer, with another request 422.',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    if (options.serve) await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
