import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from './trust-proxy';

type Headers = Record<string, string | string[] | undefined>;

/**
 * Whether the peer a request came from is a proxy TRUST_PROXY names: only then do its X-Forwarded-*
 * headers count. The one reading of TRUST_PROXY besides Fastify's own (`request.ip`, `request.host`,
 * `request.protocol` follow the same rule), for what Fastify does not see: socket.io's handshakes.
 */
export function peerTrustedBy(trust: TrustProxy): (peerAddress: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (peer) => peer !== undefined && trust > 0;
  const trusted = proxyAddr.compile(trust);
  return (peer) => peer !== undefined && trusted(peer, 0);
}

const lastEntry = (value: string | string[] | undefined) => [value].flat().at(-1)?.split(',').at(-1)?.trim() || undefined;

/** The host the browser addressed: the trusted proxy's X-Forwarded-Host, else Host (as Fastify's `request.host` reads it). */
export function addressedHost(headers: Headers, peerTrusted: boolean): string | undefined {
  const forwarded = peerTrusted ? lastEntry(headers['x-forwarded-host']) : undefined;
  return forwarded ?? lastEntry(headers.host);
}
