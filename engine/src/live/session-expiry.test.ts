import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { createTokenService } from '../auth/jwt';
import { connectLive, type LiveClient } from '../test-support/live-client';
import { seedUsers } from '../test-support/seed';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';

describe.each(testStoreKinds())('session expiry on live sockets on %s', (kind) => {
  let t: TestApp;
  const clients: LiveClient[] = [];
  afterEach(async () => {
    clients.splice(0).forEach((client) => client.socket.disconnect());
    await t?.close();
  });

  it(
    'given a socket whose token expires, when its expiry passes, then it hears sessionExpired and is disconnected, and a longer session stays',
    { timeout: 90_000 },
    async () => {
      const secret = randomBytes(32).toString('hex');
      // The engine's sessions last 8 s here (enough to connect first, even on a busy machine); another token of the same secret lasts an hour.
      t = await createTestApp(kind, { tokens: createTokenService(secret, 8) });
      await seedUsers(t.app, [
        { tokenNo: 'RQ01', role: 'requester' },
        { tokenNo: 'RQ02', role: 'requester' },
      ]);
      const url = await t.listen();
      const short = await connectLive(url, { token: await t.tokenFor('RQ01', 'requester') });
      const long = await connectLive(url, {
        token: (await createTokenService(secret, 3600).sign({ tokenNo: 'RQ02', role: 'requester' })).token,
      });
      clients.push(short, long);
      const reasons: string[] = [];
      short.socket.on('disconnect', (reason) => reasons.push(reason));

      await waitFor(() => reasons.length > 0, 30_000, 'the expired socket to be dropped');
      expect(short.received).toEqual([{ name: 'sessionExpired', payload: { message: SERVER_MESSAGES.sessionExpired } }]);
      expect(reasons).toEqual(['io server disconnect']);
      expect(long.socket.connected).toBe(true);
      expect(long.received).toEqual([]);
    },
  );

  it('given an expired token, when it connects, then the handshake is refused', async () => {
    const secret = randomBytes(32).toString('hex');
    t = await createTestApp(kind, { tokens: createTokenService(secret, 3600) });
    const url = await t.listen();
    const expired = (await createTokenService(secret, 1, () => new Date(Date.now() - 60_000)).sign({ tokenNo: 'RQ01', role: 'requester' }))
      .token;
    await expect(connectLive(url, { token: expired })).rejects.toThrow(SERVER_MESSAGES.authenticationRequired);
  });
});
