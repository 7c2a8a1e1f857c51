import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound, type Outbound } from './outbound-post';
import type { ResolvedAddress, Resolver } from './outbound-url';

/*
 * The webhook POST connects to the address its check resolved (DNS rebinding): a test resolver counts
 * its calls and answers differently on a second one, and every connection attempt this process makes
 * is recorded (node:net's `connectionAttempt`, heard through the `net.client.socket` channel).
 */
describe('a webhook POST goes to the address checked', () => {
  let receiver: Server;
  let port = 0;
  const received: Array<{ headers: IncomingHttpHeaders; remotePort: number | undefined }> = [];
  const attempts: string[] = [];
  let outbound: Outbound | undefined;
  const onSocket = (message: unknown) =>
    (message as { socket: Socket }).socket.on('connectionAttempt', (address: string) => attempts.push(address));
  const counting = (answers: (call: number) => ResolvedAddress[]) => {
    const resolver = Object.assign((async () => answers(++resolver.calls)) as Resolver, { calls: 0 });
    return resolver;
  };
  const post = (url: string, timeoutMs = 2_000) =>
    outbound!.post(url, { headers: { 'content-type': 'application/json' }, body: '{"id":"e1"}', signal: AbortSignal.timeout(timeoutMs) });

  beforeAll(async () => {
    subscribe('net.client.socket', onSocket);
    receiver = createServer((request, response) => {
      received.push({ headers: request.headers, remotePort: request.socket.remotePort });
      if (request.url === '/hang') return;
      request.resume().on('end', () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterEach(() => {
    outbound?.close();
    received.length = 0;
    attempts.length = 0;
  });
  afterAll(async () => {
    unsubscribe('net.client.socket', onSocket);
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('given a rebinding DNS that answers a public address to the check and 127.0.0.1 after, then the name is resolved once and only the public address is dialled', async () => {
    const resolve = counting((call) => [{ address: call === 1 ? '203.0.113.7' : '127.0.0.1', family: 4 }]);
    outbound = createOutbound({ allowedHosts: ['*'], allowPrivate: false }, resolve);
    // 203.0.113.7 (TEST-NET-3) answers nothing: the POST fails, by its time limit or as unreachable.
    await expect(post(`http://hooks.rebind.example:${port}/in`, 500)).rejects.toThrow();
    expect({ resolutions: resolve.calls, attempts: [...new Set(attempts)], received: received.length }).toEqual({
      resolutions: 1,
      attempts: ['203.0.113.7'],
      received: 0,
    });
  });

  it('given a name that resolves to a private address while private addresses are not allowed, then it is refused before any connection', async () => {
    const resolve = counting(() => [{ address: '127.0.0.1', family: 4 }]);
    outbound = createOutbound({ allowedHosts: ['*'], allowPrivate: false }, resolve);
    await expect(post(`http://hooks.plant.example:${port}/in`)).rejects.toThrow(
      'hooks.plant.example resolves to a private or local address (127.0.0.1)',
    );
    expect({ resolutions: resolve.calls, attempts, received: received.length }).toEqual({ resolutions: 1, attempts: [], received: 0 });
  });

  it('given a name resolved to the receiver, then each delivery resolves it once, connects to that address, names the host, and reuses its connection', async () => {
    const resolve = counting(() => [{ address: '127.0.0.1', family: 4 }]);
    outbound = createOutbound({ allowedHosts: ['*'], allowPrivate: true }, resolve);
    const url = `http://hooks.plant.example:${port}/in`;
    expect([await post(url), await post(url)]).toEqual([204, 204]);
    expect({
      resolutions: resolve.calls,
      attempts,
      hosts: received.map((request) => request.headers.host),
      connections: new Set(received.map((request) => request.remotePort)).size,
    }).toEqual({
      resolutions: 2,
      attempts: ['127.0.0.1'],
      hosts: [`hooks.plant.example:${port}`, `hooks.plant.example:${port}`],
      connections: 1,
    });
  });

  it('given a receiver that does not answer, then the POST fails by its time limit with a TimeoutError', async () => {
    outbound = createOutbound({ allowedHosts: ['*'], allowPrivate: true });
    const started = performance.now();
    await expect(post(`http://127.0.0.1:${port}/hang`, 300)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(received).toHaveLength(1);
  });
});
