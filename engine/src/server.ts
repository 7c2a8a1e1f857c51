import { randomUUID } from 'node:crypto';
import type { Server } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_SITE, defaultSiteDefinition } from '@plantride/schemas';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createTokenService } from './auth/jwt';
import { resolveJwtSecret } from './auth/jwt-secret';
import { LOG_REDACTION } from './auth/log-redaction';
import { bootstrapUsers } from './users/bootstrap';
import { demoNodeOf, seedDemoRobots } from './vda5050/demo-robots';
import { handle } from './commands/command-handler';
import { defineDefaultSite } from './site/site.decider';
import { SPARE_CODES, drawPlaceCodes, issuePlaceCodes, placesWithoutCode } from './site/place-codes';
import { lockDataDir } from './database/data-dir-lock';
import { hostSocketProcess, isSocketProcess, serveHandedConnections, type SocketProcessHost } from './deploy/socket-process';

const config = loadConfig();
const socketProcess = config.SOCKET_PROCESS === '1';
if (socketProcess && !(config.DATABASE_URL && config.REDIS_URL)) {
  console.error('SOCKET_PROCESS=1 needs DATABASE_URL and REDIS_URL: the two engine processes share the store and socket.io through them.');
  process.exit(1);
}
// npm runs workspace scripts inside the workspace; relative paths mean where the user ran npm.
const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
const secret = resolveJwtSecret({
  fromEnv: config.JWT_SECRET,
  production: config.NODE_ENV === 'production',
  dataDir: config.DATABASE_URL ? undefined : dataDir,
});
// The embedded store is one process's: the folder is taken before anything opens it.
if (!config.DATABASE_URL) {
  const lock = lockDataDir(dataDir);
  if (!lock.held) {
    const who = lock.by ? `Another engine (pid ${lock.by})` : 'Another engine, starting,';
    console.error(
      `${who} is serving ${dataDir}; the embedded store has one process at a time. Stop it, or use DATABASE_URL for several engine processes.`,
    );
    process.exit(1);
  }
}
const app = await buildApp({
  config,
  tokens: createTokenService(secret, config.JWT_LIFETIME_SECONDS),
  database: config.DATABASE_URL
    ? { url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA }
    : { dataDir, schema: config.DATABASE_SCHEMA },
  logger: { level: config.LOG_LEVEL, redact: LOG_REDACTION },
  clientDist: config.CLIENT_DIST ?? resolve(import.meta.dirname, '../../clients/dist'),
  trustProxy: config.TRUST_PROXY,
});

let closing = false;
let socketHost: SocketProcessHost | undefined;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stops accepting requests, lets the ones in flight finish, then closes the store.
  const timer = setTimeout(() => process.exit(1), 10_000).unref();
  await socketHost?.close();
  await app.close();
  clearTimeout(timer);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.ready();
// Before listening, so nobody signs up with the admin's token number first.
const accounts = await bootstrapUsers(app.eventStore, config, (text) => process.stdout.write(`${text}\n`));
if (accounts.admin === 'created') app.log.info({ tokenNo: config.ADMIN_TOKEN_NO }, 'admin account created from ADMIN_TOKEN_NO');
if (accounts.admin === 'held') {
  // Someone signed up with the admin's token number before it was configured: serving on would leave the plant without its admin.
  console.error(
    `ADMIN_TOKEN_NO ${config.ADMIN_TOKEN_NO} belongs to an account that is not an admin. Choose another ADMIN_TOKEN_NO, or make that account an admin, then start again.`,
  );
  await app.close();
  process.exit(1);
}

// The spec's plant as the `site` stream's first event (issue #20), once per store; after the accounts,
// which look at whether the store is empty.
await handle(
  app.eventStore,
  defineDefaultSite,
  { type: 'DefineDefaultSite' },
  { now: new Date(), actor: { system: 'start-up' }, commandId: randomUUID() },
);
// Issue #34 item 2: a code for every place made before places had codes (none missing appends nothing).
// Drawn for every place the site may hold: the cache may not have heard the site's first event yet.
await handle(
  app.eventStore,
  issuePlaceCodes,
  {
    type: 'IssuePlaceCodes',
    data: { pool: drawPlaceCodes(Math.max(placesWithoutCode(app.site.current()), DEFAULT_SITE.locations.length) + SPARE_CODES) },
  },
  { now: new Date(), actor: { system: 'start-up' }, commandId: randomUUID() },
);

/** A URL as printed: its user and password (MQTT_URL may carry them) left out. */
function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

// Issue #33 item 5: the demo's robots and nodes, for virtual robots to drive (README, AMR robots).
if (accounts.demo && config.MQTT_URL) {
  await seedDemoRobots(app.eventStore);
  process.stdout.write(
    `Demo robots DEMO1 and DEMO2 registered; drive one with: npm run agv -- --url ${withoutCredentials(config.MQTT_URL)} --serial DEMO1 --node ${demoNodeOf(defaultSiteDefinition().places[0]!.id)}\n`,
  );
}

let publicServer: Pick<Server, 'address'> = app.server;
if (socketProcess) {
  // Both processes' own servers listen on the loopback only: the first process owns the public port
  // (deploy/socket-process.ts) and hands connections over, or forwards a stray socket.io request.
  await app.listen({ port: 0, host: '127.0.0.1' });
  if (isSocketProcess()) {
    serveHandedConnections(app.server);
    process.on('disconnect', () => void shutdown('the first process went away'));
  } else {
    const host = hostSocketProcess({
      server: app.server,
      entry: process.argv[1]!,
      env: process.env,
      onLog: (message) => app.log.info(message),
    });
    socketHost = host;
    // The socket process sends the store's events to its own sockets; this one only while it is down.
    app.liveDelivery.yieldLeadWhile(() => host.ready());
    await new Promise<void>((done, fail) => host.router.once('error', fail).listen(config.PORT, config.HOST, done));
    publicServer = host.router;
  }
} else {
  await app.listen({ port: config.PORT, host: config.HOST });
}
if (!isSocketProcess()) {
  // The port actually bound: with PORT=0 the system chose it, and whoever started the engine reads it here.
  const bound = publicServer.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.PORT;
  app.log.info(
    { port },
    `PlantRide engine on port ${port}, store: ${app.database.kind}${app.database.kind === 'pglite' ? ` in ${dataDir}` : ''}`,
  );
}
