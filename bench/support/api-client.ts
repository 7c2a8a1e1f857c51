import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
  correlationId: string;
  /** performance.timeOrigin + now() when the answer arrived. */
  at: number;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where an answer falls in the error table: ok, a 4xx by status, 5xx, or a transport failure. */
export const outcomeOf = (status: number): string =>
  status === 0 ? 'network' : status < 300 ? 'ok' : status >= 500 ? '5xx' : String(status);

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes on one machine. */
export const nowMs = (): number => performance.timeOrigin + performance.now();

/** A JSON call to the engine; never throws (a transport failure is status 0). */
export async function call(base: string, method: Method, path: string, token?: string, body?: unknown): Promise<Answer> {
  const correlationId = randomUUID();
  const headers: Record<string, string> = { 'x-correlation-id': correlationId };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    const ms = performance.now() - started;
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed, ms, correlationId, at: nowMs() };
  } catch (error) {
    return { status: 0, body: { message: (error as Error).message }, ms: performance.now() - started, correlationId, at: nowMs() };
  }
}

/** Like `call`, but a non-2xx answer is an error: for setting up, not for measuring. */
export async function must(base: string, method: Method, path: string, token?: string, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await call(base, method, path, token, body);
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export async function signIn(base: string, tokenNo: string, password: string): Promise<string> {
  const body = await must(base, 'POST', '/api/auth/signin', undefined, { token_no: tokenNo, password });
  return (body.user as { jwt_token: string }).jwt_token;
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
