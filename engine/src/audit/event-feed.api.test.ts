import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  AUDIT_FEED_CLOSE_CODES,
  AUDIT_FEED_PATH,
  SERVER_MESSAGES,
  auditFeedMessageSchema,
  type AuditFeedMessage,
} from '@plantride/schemas';
import { START, type RecordedEvent } from '../event-store/event-store';
import { readAllFrom } from '../live/positions';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { ensureAdmin } from '../users/bootstrap';
import { rideDriver, type RideDriver } from './audit-test-rides';

interface FeedClient {
  socket: WebSocket;
  messages: AuditFeedMessage[];
  /** Every message exactly as it came over the wire. */
  raw: string[];
  closed: Promise<{ code: number; reason: string }>;
}

interface Refusal {
  status: number;
  body: string;
}

const ADMIN = { tokenNo: 'AD77', password: 'correct horse battery' };

describe.each(testStoreKinds())('audit event feed on %s', (kind) => {
  let t: TestApp;
  let rides: RideDriver;
  let url: string;
  const clients: WebSocket[] = [];

  /** Opens the feed; rejects with the HTTP status and body when the upgrade is refused. */
  const connect = (query: string, headers: Record<string, string>) =>
    new Promise<FeedClient>((resolve, reject) => {
      const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${AUDIT_FEED_PATH}${query}`, { headers });
      clients.push(socket);
      const client: FeedClient = {
        socket,
        messages: [],
        raw: [],
        closed: new Promise((done) => socket.on('close', (code, reason) => done({ code, reason: reason.toString() }))),
      };
      socket.on('message', (data) => {
        const text = String(data);
        client.raw.push(text);
        client.messages.push(auditFeedMessageSchema.strict().parse(JSON.parse(text)));
      });
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (request, response) => {
        let body = '';
        response.on('data', (chunk) => (body += String(chunk)));
        response.on('end', () => reject({ status: response.statusCode ?? 0, body } satisfies Refusal));
        response.on('error', () => reject({ status: response.statusCode ?? 0, body } satisfies Refusal));
      });
      socket.once('error', reject);
    });
  const refusal = (query: string, headers: Record<string, string>) =>
    connect(query, headers).then(
      () => expect.fail('the feed was opened'),
      (error: Refusal) => error,
    );
  /** Everything readable after `position`, in store order, as a reader of `$all` sees it. */
  const storeAfter = async (position: number) => {
    const events: RecordedEvent[] = [];
    const from = position === 0 ? START : await t.app.eventStore.checkpointAt(position);
    await readAllFrom(t.app.eventStore, from ?? START, (event) => void events.push(event));
    return events;
  };
  const noSecrets = (client: FeedClient) => {
    for (const text of client.raw) expect(text).not.toMatch(/passwordHash|not-a-real-hash|scrypt|\$argon/i);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    rides = await rideDriver(t);
    await ensureAdmin(t.app.eventStore, ADMIN);
    url = await t.listen();
  });
  afterEach(() => {
    for (const socket of clients.splice(0)) socket.terminate();
  });
  afterAll(async () => t.close());

  it('given a position, when staff open the feed, then the events after it come in store order, then a live one', async () => {
    const rideId = await rides.book();
    const [requested] = await t.app.eventStore.readStream(`ride-${rideId}`);
    // A few events back: some of the seeded accounts' events, then the booking.
    const from = (await storeAfter(0)).at(-4)?.globalPosition ?? 0;
    const past = await storeAfter(from);
    expect(past.map((e) => e.type)).toContain('RideRequested');

    const client = await connect(`?from=${from}`, rides.as('MH01'));
    await waitFor(() => client.messages.length >= past.length, 10_000, 'the past events');
    expect(client.messages.map((m) => m.position)).toEqual(past.map((e) => e.globalPosition));
    expect(client.messages.find((m) => m.type === 'RideRequested')).toEqual({
      position: requested?.globalPosition,
      streamId: `ride-${rideId}`,
      streamPosition: 1,
      type: 'RideRequested',
      schemaVersion: 1,
      data: requested?.data,
      metadata: { actor: { tokenNo: 'AB12', role: 'requester' }, correlationId: expect.any(String), causationId: null },
      recordedAt: requested?.recordedAt.toISOString(),
    });

    const seen = client.messages.length;
    await rides.accept('D001', rideId);
    await waitFor(() => client.messages.some((m) => m.type === 'RideAccepted'), 10_000, 'the live event');
    const live = client.messages.slice(seen);
    // An acceptance assigns the driver in the same append (streams in id order: driver-, then ride-).
    expect(live.map((m) => [m.type, m.streamId, m.metadata.actor])).toEqual([
      ['DriverAssignedToRide', 'driver-D001', { tokenNo: 'D001', role: 'driver' }],
      ['RideAccepted', `ride-${rideId}`, { tokenNo: 'D001', role: 'driver' }],
    ]);
    expect(client.messages.map((m) => m.position)).toEqual((await storeAfter(from)).map((e) => e.globalPosition));
    await rides.steps('D001', rideId, ['start', 'materialPicked', 'materialDropped', 'end']);
  });

  it('when the feed is read from the beginning and someone signs up meanwhile, then no password hash ever goes out', async () => {
    const client = await connect('', rides.as('AD01'));
    const past = await storeAfter(0);
    await waitFor(() => client.messages.length >= past.length, 10_000, 'the whole store');
    const signUps = client.messages.filter((m) => m.type === 'UserSignedUp');
    expect(signUps.map((m) => m.data.tokenNo)).toEqual(expect.arrayContaining(['AB12', 'D001', 'AD01', ADMIN.tokenNo]));
    for (const message of signUps) expect(Object.keys(message.data).sort()).toEqual(['mobile', 'name', 'role', 'tokenNo']);

    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { token_no: 'NEW1', password: 'another long secret' },
    });
    expect(signedUp.statusCode).toBe(201);
    await waitFor(() => client.messages.some((m) => m.type === 'UserSignedUp' && m.data.tokenNo === 'NEW1'), 10_000, 'the live sign-up');
    expect(client.messages.at(-1)?.data).toEqual({ tokenNo: 'NEW1', name: '', mobile: '', role: 'requester' });
    noSecrets(client);
  });

  it('when someone other than staff, or no one, asks for the feed, then the upgrade is refused with 403 or 401', async () => {
    for (const who of ['AB12', 'D001'])
      expect(await refusal('', rides.as(who))).toEqual({ status: 403, body: JSON.stringify({ message: SERVER_MESSAGES.forbidden }) });
    expect((await refusal('', {})).status).toBe(401);
    expect((await refusal('', { authorization: 'Bearer not-a-token' })).status).toBe(401);
    expect(await refusal('?from=-1', rides.as('AD01'))).toEqual({
      status: 400,
      body: JSON.stringify({ message: SERVER_MESSAGES.invalidFeedPosition }),
    });
    expect((await refusal('?from=abc', rides.as('AD01'))).status).toBe(400);
  });

  it("given the session cookie, when the feed is opened from the engine's own page it streams, and from another site it is refused", async () => {
    const cookie = `token=${rides.as('MH01').authorization?.slice('Bearer '.length)}`;
    const head = await t.app.eventStore.headPosition();
    const client = await connect(`?from=${head}`, { cookie, origin: url });
    await rides.book();
    await waitFor(() => client.messages.some((m) => m.type === 'RideRequested'), 10_000, 'the live booking');
    expect(client.messages.every((m) => m.position > head)).toBe(true);
    expect((await refusal('', { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await refusal('', { cookie: `token=${rides.as('AB12').authorization?.slice('Bearer '.length)}` })).status).toBe(403);
  });

  it('given a feed opened with a signed-in session, when that user signs out, then the feed closes with 4401', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { token_no: ADMIN.tokenNo, password: ADMIN.password },
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().user.jwt_token as string;
    const headers = { authorization: `Bearer ${token}` };
    // From the beginning: the admin's own past account events must not end the feed.
    const client = await connect('', headers);
    await waitFor(async () => client.messages.length >= (await storeAfter(0)).length, 10_000, 'the whole store');
    expect(client.socket.readyState).toBe(WebSocket.OPEN);

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect(await client.closed).toEqual({ code: AUDIT_FEED_CLOSE_CODES.sessionEnded, reason: SERVER_MESSAGES.auditSessionEnded });
    expect(client.messages.at(-1)).toMatchObject({ type: 'UserSignedOut', data: { tokenNo: ADMIN.tokenNo } });
    expect((await refusal('', headers)).status).toBe(401);
    noSecrets(client);
  });

  it('given a position no event has yet, when staff open the feed there, then only events after it come', async () => {
    const head = await t.app.eventStore.headPosition();
    const client = await connect(`?from=${head + 1}`, rides.as('AD01'));
    const rideId = await rides.book();
    await rides.cancel(rideId);
    await waitFor(() => client.messages.some((m) => m.type === 'RideCancelled'), 10_000, 'the cancellation');
    // The booking most likely took position head + 1, which the client named as already seen.
    const ride = await t.app.eventStore.readStream(`ride-${rideId}`);
    expect(client.messages.map((m) => m.position)).toEqual(ride.filter((e) => e.globalPosition > head + 1).map((e) => e.globalPosition));
  });
});

describe.each(testStoreKinds())('audit event feed when the engine stops, on %s', (kind) => {
  it('given an open feed, when the app closes, then the socket is closed as going away and the close completes', async () => {
    const t = await createTestApp(kind);
    const rides = await rideDriver(t);
    const url = await t.listen();
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${AUDIT_FEED_PATH}`, { headers: rides.as('AD01') });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    await t.close();
    expect(await closed).toBe(1001);
  });
});
