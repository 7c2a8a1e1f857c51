import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { databasePlugin, type DatabasePluginOptions } from './plugins/database.plugin';
import { errorHandlerPlugin, frameworkErrors } from './plugins/error-handler.plugin';
import { errorAnswersPlugin } from './plugins/error-answers.plugin';
import { bodyParserPlugin } from './plugins/body-parser.plugin';
import { healthRoutes } from './health/health.routes';
import { registerFeatures } from './routes';
import { apiDocsServed, openApiPlugin } from './plugins/openapi.plugin';
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
import { rateLimitsPlugin, type RateLimitsOptions } from './security/rate-limits.plugin';
import { loadConfig, type Config } from './config';
import { siteStatePlugin } from './site/site-state.plugin';
import { dispatchSettingsPlugin } from './dispatch/dispatch-settings.plugin';
import { driverRosterPlugin } from './drivers/driver-roster';

export interface AppOptions {
  /** The configuration, parsed once; the environment's (`loadConfig()`) unless given. */
  config?: Config;
  database: DatabasePluginOptions;
  /** Signs and checks session tokens; tests get one with a random secret. */
  tokens?: TokenService;
  logger?: FastifyServerOptions['logger'];
  clientDist?: string;
  /** Read models to run and serve; all of them unless a test narrows or wraps them. */
  projections?: ProjectionsPluginOptions['projections'];
  /** Timer adapter and delays; the configuration's unless given. */
  timers?: Partial<TimersPluginOptions>;
  /** Which X-Forwarded-For hops name the client; the configuration's TRUST_PROXY unless given. */
  trustProxy?: TrustProxy;
  /** Commands per user and messages per socket; COMMAND_RATE_BURST/COMMAND_RATE_PER_SEC, REDIS_URL/REDIS_PREFIX and the socket default unless given. */
  rateLimits?: Partial<RateLimitsOptions>;
}

export async function buildApp(options: AppOptions) {
  // A test's trustProxy stands for TRUST_PROXY, so every reader of forwarded headers follows the same one.
  const loaded = options.config ?? loadConfig();
  const config: Config = options.trustProxy === undefined ? loaded : { ...loaded, TRUST_PROXY: options.trustProxy };
  // Opening the store runs its migrations (and PGlite's start-up): on a loaded machine or a large
  // store that takes longer than Fastify's default 10 s for a plugin.
  const app = Fastify({
    logger: options.logger ?? false,
    pluginTimeout: 120_000,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    // A malformed URL answers the error handler's body, not Fastify's own.
    frameworkErrors,
    ...correlationIdOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  await app.register(errorHandlerPlugin);
  // Before any route: each route's schema is completed with the refusals it gives by kind.
  await app.register(errorAnswersPlugin);
  await app.register(bodyParserPlugin);
  await app.register(securityPlugin, { corsOrigins: config.CORS_ORIGINS });
  await app.register(openApiPlugin, { serve: apiDocsServed(config) });
  await app.register(correlationIdPlugin);
  // Before the plugins that feed it (timers).
  await app.register(metricsPlugin, {
    projections: options.projections,
    token: config.METRICS_TOKEN,
    production: config.NODE_ENV === 'production',
  });
  await app.register(databasePlugin, options.database);
  await app.register(projectionsPlugin, { projections: options.projections });
  // What a due timer's command reads besides its ride (a release or a lapse dispatches as they say).
  await app.register(siteStatePlugin);
  await app.register(dispatchSettingsPlugin);
  await app.register(driverRosterPlugin);
  await app.register(timersPlugin, {
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    reassignTimeoutMs: config.REASSIGN_TIMEOUT_MS,
    rideWaitAlertMs: config.RIDE_WAIT_ALERT_MS,
    ...options.timers,
  });
  await app.register(authPlugin, { tokens: options.tokens ?? createTokenService(randomBytes(32).toString('hex'), 12 * 3600) });
  await app.register(csrfPlugin, { allowedOrigins: config.CORS_ORIGINS });
  await app.register(rateLimitsPlugin, {
    commands: { burst: config.COMMAND_RATE_BURST, perSecond: config.COMMAND_RATE_PER_SEC },
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    ...options.rateLimits,
  });
  await app.register(healthRoutes);
  await registerFeatures(app, config);
  await app.register(staticClientPlugin, { clientDist: options.clientDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
