import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Role } from '@plantride/schemas';
import { buildApp, type App, type AppOptions } from '../app';
import { createTokenService } from '../auth/jwt';
import { openTestDatabase, type TestDatabase } from './test-database';
import type { StoreKind } from '../database/database';

const UNLIMITED = { burst: 1_000_000, perSecond: 1_000_000 };

export interface TestApp {
  app: App;
  database: TestDatabase;
  /** A session token for any user and role, signed like the engine's own. */
  tokenFor(tokenNo: string, role: Role): Promise<string>;
  /** Listens on a free loopback port (for real socket.io clients) and returns its base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(kind: StoreKind, overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  const tokens = overrides.tokens ?? createTokenService(randomBytes(32).toString('hex'), 3600);
  // Tests fire commands and socket messages faster than people do; a test of the limits passes its own.
  const rateLimits = { commands: UNLIMITED, socketMessages: UNLIMITED, ...overrides.rateLimits };
  const app = await buildApp({ database: { database }, tokens, ...overrides, rateLimits });
  await app.ready();
  return {
    app,
    database,
    tokenFor: async (tokenNo, role) => (await tokens.sign({ tokenNo, role })).token,
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      return `http://127.0.0.1:${port}`;
    },
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
