import type { FastifyInstance } from 'fastify';
import { vapidOf, type Config } from './config';
import { authRoutes } from './auth/auth.routes';
import { DEFAULT_SIGN_IN_LIMITS } from './auth/sign-in-limiter';
import { usersRoutes } from './users/users.routes';
import { rideRoutes } from './rides/rides.plugin';
import { siteRoutes } from './site/site.routes';
import { dispatchRoutes } from './dispatch/dispatch.routes';
import { inspectionsRoutes } from './inspections/inspections.routes';
import { livePlugin } from './live/live.plugin';
import { driversRoutes } from './drivers/drivers.routes';
import { maintenanceRoutes } from './maintenance/maintenance.plugin';
import { reportsRoutes } from './reports/reports.routes';
import { auditPlugin } from './audit/audit.plugin';
import { kpisRoutes } from './kpis/kpis.routes';
import { fleetRoutes } from './kpis/fleet.routes';
import { boardRoutes } from './board/board.routes';
import { serviceAuthPlugin } from './service-accounts/service-auth.plugin';
import { serviceAccountsRoutes } from './service-accounts/service-accounts.routes';
import { v1Routes } from './orders/v1.routes';
import { webhookWorkerPlugin } from './webhooks/webhook-worker';
import { webhooksRoutes } from './webhooks/webhooks.routes';
import { vdaBridgePlugin } from './vda5050/vda-bridge';
import { amrsRoutes } from './vda5050/amrs.routes';
import { pushPlugin } from './push/push.plugin';
import { photosRoutes } from './photos/photos.routes';
import { placeCodesRoutes } from './site/place-codes.routes';

/** Every feature's routes and live plugins; each feature adds its own line here. */
export async function registerFeatures(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(authRoutes, {
    signInLimits: {
      perToken: config.SIGNIN_MAX_PER_TOKEN,
      perAddress: config.SIGNIN_MAX_PER_ADDRESS,
      windowSeconds: config.SIGNIN_WINDOW_SECONDS,
      backoff: { ...DEFAULT_SIGN_IN_LIMITS.backoff, maxMs: config.SIGNIN_BACKOFF_MAX_MS },
    },
  });
  const accessCodeTtlMs = config.ACCESS_CODE_TTL_HOURS * 3_600_000;
  await app.register(usersRoutes, { accessCodeTtlMs });
  // Before the bookings, which check their places and count drivers against them.
  await app.register(siteRoutes);
  await app.register(dispatchRoutes);
  // Issue #34 item 3: before the inspections and maintenance requests, which name photos it holds.
  await app.register(photosRoutes);
  // Before the rides: accepting and taking over read its setting.
  await app.register(inspectionsRoutes);
  await app.register(rideRoutes);
  await app.register(driversRoutes, { accessCodeTtlMs, shiftMs: config.SHIFT_HOURS * 3_600_000 });
  await app.register(maintenanceRoutes);
  await app.register(reportsRoutes);
  await app.register(kpisRoutes);
  await app.register(fleetRoutes);
  await app.register(boardRoutes);
  // Issue #33: the plant's systems, with service accounts' keys on /api/v1.
  await app.register(serviceAuthPlugin, { rate: { burst: config.SERVICE_RATE_BURST, perSecond: config.SERVICE_RATE_PER_SEC } });
  await app.register(v1Routes);
  const policy = { allowedHosts: config.WEBHOOK_ALLOWED_HOSTS, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE };
  await app.register(webhookWorkerPlugin, {
    policy,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    retryForMs: config.WEBHOOK_RETRY_HOURS * 3_600_000,
    retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
  });
  await app.register(webhooksRoutes, { policy });
  await app.register(serviceAccountsRoutes);
  // Issue #33 item 4: AMR robots over VDA 5050 (MQTT_URL); without it the robots are listed, not driven.
  await app.register(vdaBridgePlugin, {
    mqttUrl: config.MQTT_URL,
    minBattery: config.AMR_MIN_BATTERY,
    graceMs: config.AMR_RECONNECT_GRACE_MS,
    shiftMs: config.SHIFT_HOURS * 3_600_000,
  });
  await app.register(amrsRoutes, { minBattery: config.AMR_MIN_BATTERY });
  // Issue #34 item 1: Web Push; before the live plugin, whose gateway hands it what the sockets hear.
  await app.register(pushPlugin, {
    vapid: vapidOf(config),
    policy: { allowedHosts: config.PUSH_ALLOWED_HOSTS, allowPrivate: config.PUSH_ALLOW_PRIVATE },
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
  });
  // Origins listed for CORS may also open the socket with the session cookie alone.
  await app.register(livePlugin, {
    allowedOrigins: config.CORS_ORIGINS,
    trustProxy: config.TRUST_PROXY,
    redisUrl: config.REDIS_URL,
    redisPrefix: config.REDIS_PREFIX,
  });
  await app.register(auditPlugin);
  // Issue #34 item 2: places' codes and the steps that need a scan of them.
  await app.register(placeCodesRoutes);
}
