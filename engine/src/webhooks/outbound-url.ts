import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/*
 * Where webhooks may go (issue #33 item 3): only to hosts the operator allowed (WEBHOOK_ALLOWED_HOSTS),
 * never to loopback, private, link-local or cloud-metadata addresses unless WEBHOOK_ALLOW_PRIVATE=1
 * (tests, a receiver on the same machine). Checked when subscribing, and again on each delivery
 * against the addresses the name resolves to then (a name may be pointed elsewhere later).
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

/** Why `raw` may not be a webhook's URL, or null when it may (before resolving its name). */
export function urlProblem(raw: string, policy: OutboundPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute http or https URL.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must be an absolute http or https URL.';
  if (url.username || url.password) return 'url must not carry a user name or password.';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!hostAllowed(host, policy.allowedHosts))
    return `Webhooks may not go to ${host}: ask the operator to allow it (WEBHOOK_ALLOWED_HOSTS).`;
  if (isIP(host) && isPrivateAddress(host) && !policy.allowPrivate) return `Webhooks may not go to a private or local address (${host}).`;
  return null;
}

/** Refuses (throws) when `raw`'s host resolves to a private or local address the policy does not allow. */
export async function checkResolved(raw: string, policy: OutboundPolicy): Promise<void> {
  if (policy.allowPrivate) return;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
  const blocked = addresses.find(({ address }) => isPrivateAddress(address));
  if (blocked) throw new Error(`${host} resolves to a private or local address (${blocked.address})`);
}
