import { isIP } from 'node:net';

/** Fastify's `trustProxy`: false (the socket's peer is the client), a hop count, or the proxies' addresses and ranges. */
export type TrustProxy = false | number | string[];

// proxy-addr's names for the private ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (isIP(bits) === 4) return true; // a dotted netmask, as proxy-addr also reads
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * What Fastify is given. A hop count goes as a function: Fastify (5.12 on) takes a bare number to
 * trust nothing, since a client reaching the engine directly could then name itself; here that is
 * the operator's choice, documented with the setting.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * TRUST_PROXY as written in the environment: unset or '0', no proxy is trusted; a number, that many
 * hops of X-Forwarded-For are believed; otherwise a comma-separated list of the proxies' addresses or
 * CIDR ranges. Throws on anything else ('true' included: trusting every hop lets a client choose its address).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) throw new Error(`not a hop count nor addresses or CIDR ranges: ${wrong.join(', ')}`);
  return entries;
}
