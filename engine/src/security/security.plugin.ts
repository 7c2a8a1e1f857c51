import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { HTTPMethods } from 'fastify';

/** Largest request body any route takes; a bigger one is refused with 413 before it is parsed. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Helmet's own default: a year, subdomains included, no preload (that is the operator's to ask for). */
export const HSTS_HEADER = 'max-age=31536000; includeSubDomains';

export interface RegisteredRoute {
  method: HTTPMethods;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, as added (the authorization tests walk it). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

export interface SecurityPluginOptions {
  /** Origins whose pages may call the API from the browser (CORS_ORIGINS). None: same-origin only. */
  corsOrigins: readonly string[];
}

/**
 * HTTP hardening in one place: security headers (helmet) with a CSP the built client runs under,
 * HSTS on answers to HTTPS requests only, CORS for the configured origins only, and a body size limit
 * on every route. Registered before the routes, so its onRoute hook sees each of them.
 */
export const securityPlugin = fp<SecurityPluginOptions>(
  async (app, options) => {
    const routes: RegisteredRoute[] = [];
    app.decorate('registeredRoutes', routes);
    app.addHook('onRoute', (route) => {
      route.bodyLimit ??= BODY_LIMIT_BYTES;
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });

    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // The client's own scripts, styles and socket only; nothing inline runs (script-src-attr 'none' stops onerror=…).
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          connectSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          // Plants often serve the engine over plain HTTP on the intranet; upgrading would break it.
          upgradeInsecureRequests: null,
        },
      },
      // Set below, and only over HTTPS: helmet would send it on every answer, plain HTTP on the intranet included.
      strictTransportSecurity: false,
    });
    // HTTPS as the browser used it: the socket's own TLS, or a trusted proxy's X-Forwarded-Proto. Fastify's
    // `request.protocol` reads that header only from a peer TRUST_PROXY names (the rule forwarded.ts states),
    // so a client reaching the engine directly cannot have a plain-HTTP answer carry it by sending the header.
    app.addHook('onRequest', async (request, reply) => {
      if (String(request.protocol).toLowerCase() === 'https') reply.header('strict-transport-security', HSTS_HEADER);
    });

    const origins = options.corsOrigins;
    await app.register(cors, {
      // No list: no Access-Control-Allow-Origin for anyone, so browsers keep other sites' pages out.
      origin: origins.length > 0 ? [...origins] : false,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Correlation-Id'],
      exposedHeaders: ['X-Correlation-Id', 'Retry-After', 'X-Total-Count'],
      maxAge: 600,
    });
  },
  { name: 'security' },
);
