import type { Readable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import type { App } from '../../app';
import { callDeadlineMs } from './fuzz-settings';

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

const describeCall = (options: InjectOptions) => `${options.method ?? 'GET'} ${String(options.url)}`;

/** Rejects with a message naming the call when `promise` has not settled by the deadline. */
export async function withinDeadline<T>(promise: Promise<T>, what: string, deadlineMs = callDeadlineMs()): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hang: ${what} did not answer within ${deadlineMs} ms`)), deadlineMs);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * app.inject that must settle: the answer's head and then its whole body each within the deadline.
 * A streamed answer (server-sent events) counts once its head is out; its stream is then closed.
 */
export async function boundedInject(app: App, options: InjectOptions): Promise<Answer> {
  const what = describeCall(options);
  const response = await withinDeadline(app.inject({ ...options, payloadAsStream: true }), what);
  const stream = response.stream() as Readable;
  const contentType = String(response.headers['content-type'] ?? '');
  if (contentType.startsWith('text/event-stream')) {
    stream.destroy();
    return { statusCode: response.statusCode, headers: response.headers, body: '' };
  }
  const chunks: Buffer[] = [];
  const body = withinDeadline(
    (async () => {
      for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
      return Buffer.concat(chunks).toString('utf8');
    })(),
    `${what} (body)`,
  ).finally(() => stream.destroy());
  return { statusCode: response.statusCode, headers: response.headers, body: await body };
}
