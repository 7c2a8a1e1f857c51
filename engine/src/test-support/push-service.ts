import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A push service of the tests' own (issue #34 item 1): it takes pushes on loopback the way a browser's
 * push service does, and reads them the way the browser would, with code written here from the RFCs,
 * not the engine's library: the payload decrypted with the subscription's keys (RFC 8291 over
 * RFC 8188 aes128gcm), and the VAPID token's ES256 signature checked with the server's public key
 * (RFC 8292).
 */

const b64u = (bytes: Buffer) => bytes.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** A browser's side of one subscription: the key pair and secret it made, and the endpoint it was given. */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  auth: Buffer;
}

export interface ReceivedPush {
  device: string;
  headers: IncomingHttpHeaders;
  /** The decrypted payload, parsed. */
  payload: unknown;
  /** The VAPID token's claims, after its signature checked out. */
  vapid: { aud: string; exp: number; sub: string };
  at: number;
}

/** RFC 8291 §3.4 and RFC 8188 §2: one record, the last (padding delimiter 2). */
export function decryptPush(body: Buffer, device: Pick<TestDevice, 'ecdh' | 'auth'>): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverKey, Buffer.from([1])]);
  const ikm = hmac(hmac(device.auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not a last record: no padding delimiter 2');
  return padded.subarray(0, end);
}

/** RFC 8292 §3: `vapid t=<JWT>, k=<public key>`; the JWT signed ES256 by that key. */
export function checkVapid(authorization: string | undefined, publicKey: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('the VAPID key is not the server’s');
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) };
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as ReceivedPush['vapid'];
}

export class TestPushService {
  readonly received: ReceivedPush[] = [];
  /** Every POST's device, whatever it was answered. */
  readonly hits: string[] = [];
  private server: Server | null = null;
  private base = '';
  private readonly devices = new Map<string, TestDevice>();
  /** Devices whose push service answers this instead of 201 (410: the subscription is gone). */
  readonly answers = new Map<string, number>();

  constructor(private readonly vapidPublicKey: string) {}

  async listen(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const name = (request.url ?? '').replace(/^\/push\//, '');
        const device = this.devices.get(name);
        this.hits.push(name);
        const status = this.answers.get(name) ?? (device ? 201 : 404);
        if (device && status === 201) {
          const payload = JSON.parse(decryptPush(Buffer.concat(chunks), device).toString('utf8')) as unknown;
          const vapid = checkVapid(request.headers.authorization, this.vapidPublicKey);
          this.received.push({ device: name, headers: request.headers, payload, vapid, at: Date.now() });
        }
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A browser subscribing: a P-256 key pair and a 16-byte secret of its own, and an endpoint here. */
  device(name: string): TestDevice {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const device = { endpoint: `${this.base}/push/${name}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) }, ecdh, auth };
    this.devices.set(name, device);
    return device;
  }

  to(name: string): ReceivedPush[] {
    return this.received.filter((push) => push.device === name);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
