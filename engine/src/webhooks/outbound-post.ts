import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveChecked, systemResolver, type OutboundPolicy, type ResolvedAddress, type Resolver } from './outbound-url';

/*
 * A webhook's POST (issue #33 item 3), sent to the address the policy checked. The host name is
 * resolved once per delivery, every address checked, and the connection made to the first of them:
 * an HTTP client resolving the name again could be answered 127.0.0.1 by a rebinding DNS after the
 * check was answered a public address. The request still names the host: Host header, TLS SNI and
 * the certificate's check. Connections are kept alive per address, never shared across addresses, so a
 * backlog does not open one per event and a kept connection only ever goes where a check sent it.
 */

/** More of an answer than this is not read: its status is all that counts. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** Agents (one per protocol and address) kept; the least recently used beyond these is let go. */
const MAX_AGENTS = 64;
/** An idle kept connection is closed after this, or earlier when the receiver's Keep-Alive says so. */
const IDLE_MS = 30_000;

export interface OutboundRequest {
  headers: Record<string, string>;
  body: string | Buffer;
  /** Ends the resolution, the connection and the request: the delivery's time limit. */
  signal: AbortSignal;
}

export interface Outbound {
  /** POSTs to `raw` and resolves to the answer's status; rejects when refused, unreachable or aborted. */
  post(raw: string, request: OutboundRequest): Promise<number>;
  close(): void;
}

export function createOutbound(policy: OutboundPolicy, resolve: Resolver = systemResolver): Outbound {
  const agents = new Map<string, http.Agent>();
  const agentFor = (protocol: string, address: string): http.Agent => {
    const key = `${protocol}//${address}`;
    const kept = agents.get(key);
    agents.delete(key);
    const agent =
      kept ??
      (protocol === 'https:'
        ? new https.Agent({ keepAlive: true, timeout: IDLE_MS })
        : new http.Agent({ keepAlive: true, timeout: IDLE_MS }));
    agents.set(key, agent);
    // Forgotten, not destroyed: a request on it finishes, its idle connections close by IDLE_MS.
    if (agents.size > MAX_AGENTS) agents.delete(agents.keys().next().value!);
    return agent;
  };

  async function post(raw: string, { headers, body, signal }: OutboundRequest): Promise<number> {
    const url = new URL(raw);
    const target = await abortable(resolveChecked(raw, policy, resolve), signal);
    return send(url, target, agentFor(url.protocol, target.address), { headers, body, signal });
  }

  return {
    post,
    close() {
      agents.forEach((agent) => agent.destroy());
      agents.clear();
    },
  };
}

function send(url: URL, target: ResolvedAddress, agent: http.Agent, { headers, body, signal }: OutboundRequest): Promise<number> {
  // net asks with `all` when it may try several addresses (autoSelectFamily): it gets the one checked.
  const lookup: LookupFunction = (_host, options, callback) =>
    options.all ? callback(null, [target]) : callback(null, target.address, target.family);
  return new Promise<number>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const options: http.RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      agent,
      lookup,
    };
    const onResponse = (response: http.IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const answered = () => {
        signal.removeEventListener('abort', abort);
        resolve(status);
      };
      // Drained so the connection can serve the next event; a long answer costs the connection instead.
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) response.destroy();
      });
      response.on('end', answered);
      response.on('error', answered);
      response.on('close', answered);
    };
    const request = url.protocol === 'https:' ? https.request(url, options, onResponse) : http.request(url, options, onResponse);
    // The time limit ends the request with the signal's reason (a TimeoutError), as fetch would.
    const abort = () => request.destroy(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    request.on('error', (error) => {
      signal.removeEventListener('abort', abort);
      reject(error);
    });
    request.end(body);
  });
}

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
