import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/*
 * Where webhooks may go (issue #33 item 3): only to hosts the operator allowed (WEBHOOK_ALLOWED_HOSTS),
 * never to loopback, private, link-local or cloud-metadata addresses unless WEBHOOK_ALLOW_PRIVATE=1
 * (tests, a receiver on the same machine). Checked when subscribing, and again on each delivery
 * against the addresses the name resolves to then (a name may be pointed elsewhere later); the
 * delivery then connects to the address checked (outbound-post.ts).
 */

export interface OutboundPolicy {
  /** Host names (exact, or `*.example.com` for its subdomains); `*` any public host. Empty: none. */
  allowedHosts: readonly string[];
  allowPrivate: boolean;
}

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

export const isPrivateAddress = (address: string): boolean => {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

const hostAllowed = (host: string, allowed: readonly string[]): boolean =>
  allowed.some((pattern) => pattern === '*' || pattern === host || (pattern.startsWith('*.') && host.endsWith(pattern.slice(1))));

/** Whose URLs a policy checks, as its refusals name them. */
export interface OutboundUse {
  what: string;
  setting: string;
}
const WEBHOOKS: OutboundUse = { what: 'Webhooks', setting: 'WEBHOOK_ALLOWED_HOSTS' };

/** Why `raw` may not be a webhook's (or another `use`'s) URL, or null when it may (before resolving its name). */
export function urlProblem(raw: string, policy: OutboundPolicy, use: OutboundUse = WEBHOOKS): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute http or https URL.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must be an absolute http or https URL.';
  if (url.username || url.password) return 'url must not carry a user name or password.';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!hostAllowed(host, policy.allowedHosts)) return `${use.what} may not go to ${host}: ask the operator to allow it (${use.setting}).`;
  if (isIP(host) && isPrivateAddress(host) && !policy.allowPrivate)
    return `${use.what} may not go to a private or local address (${host}).`;
  return null;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name has now (the system's resolver, or a test's). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true })).map(({ address, family }): ResolvedAddress => ({ address, family: family === 6 ? 6 : 4 }));

/**
 * The address to connect to for `raw`: its host resolved once (an IP literal is its own), every address
 * checked, the first returned. Throws when one of them is private or local and the policy does not allow it.
 */
export async function resolveChecked(raw: string, policy: OutboundPolicy, resolve: Resolver = systemResolver): Promise<ResolvedAddress> {
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const addresses: ResolvedAddress[] = literal ? [{ address: host, family: literal === 6 ? 6 : 4 }] : await resolve(host);
  const blocked = policy.allowPrivate ? undefined : addresses.find(({ address }) => isPrivateAddress(address));
  if (blocked) throw new Error(`${host} resolves to a private or local address (${blocked.address})`);
  const [first] = addresses;
  if (!first) throw new Error(`${host} resolves to no address`);
  return first;
}
