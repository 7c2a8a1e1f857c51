import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { databasePlugin, type DatabasePluginOptions } from './plugins/database.plugin';
import { errorHandlerPlugin } from './plugins/error-handler.plugin';
import { bodyParserPlugin } from './plugins/body-parser.plugin';
import { healthRoutes } from './health/health.routes';
import { registerFeatures } from './routes';
import { openApiPlugin } from './plugins/openapi.plugin';
import { staticClientPlugin } from './plugins/static-client.plugin';
import { projectionsPlugin, type ProjectionsPluginOptions } from './projection-runner/projections.plugin';
import { authPlugin } from './auth/auth.plugin';
import { createTokenService, type TokenService } from './auth/jwt';
import { timersPlugin, type TimersPluginOptions } from './timers/timers.plugin';
import { metricsPlugin } from './metrics/metrics.plugin';
import { correlationIdOptions, correlationIdPlugin } from './metrics/correlation-id';
import { securityPlugin } from './security/security.plugin';
import { fastifyTrustProxy, type TrustProxy } from './security/trust-proxy';
import { csrfPlugin } from './security/csrf.plugin';
import { rateLimitsPlugin, type RateLimits } from './security/rate-limits.plugin';

export interface AppOptions {
  database: DatabasePluginOptions;
  /** Signs and checks session tokens; tests get one with a random secret. */
  tokens?: TokenService;
  logger?: FastifyServerOptions['logger'];
  clientDist?: string;
  /** Read models to run and serve; all of them unless a test narrows or wraps them. */
  projections?: ProjectionsPluginOptions['projections'];
  /** Timer adapter and delays; in-process with the configuration's defaults unless given. */
  timers?: TimersPluginOptions;
  /** Which X-Forwarded-For hops name the client (TRUST_PROXY); none unless given. */
  trustProxy?: TrustProxy;
  /** Commands per user and messages per socket; COMMAND_RATE_BURST/COMMAND_RATE_PER_SEC and the socket default unless given. */
  rateLimits?: Partial<RateLimits>;
}

export async function buildApp(options: AppOptions) {
  // Opening the store runs its migrations (and PGlite's start-up): on a loaded machine or a large
  // store that takes longer than Fastify's default 10 s for a plugin.
  const app = Fastify({
    logger: options.logger ?? false,
    pluginTimeout: 120_000,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    ...correlationIdOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(bodyParserPlugin);
  await app.register(securityPlugin);
  await app.register(openApiPlugin);
  await app.register(correlationIdPlugin);
  // Before the plugins that feed it (timers).
  await app.register(metricsPlugin, { projections: options.projections });
  await app.register(databasePlugin, options.database);
  await app.register(projectionsPlugin, { projections: options.projections });
  await app.register(timersPlugin, options.timers ?? {});
  await app.register(authPlugin, { tokens: options.tokens ?? createTokenService(randomBytes(32).toString('hex'), 12 * 3600) });
  await app.register(csrfPlugin);
  await app.register(rateLimitsPlugin, options.rateLimits ?? {});
  await app.register(healthRoutes);
  await registerFeatures(app);
  await app.register(staticClientPlugin, { clientDist: options.clientDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
