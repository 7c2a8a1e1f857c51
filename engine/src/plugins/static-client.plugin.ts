import { existsSync } from 'node:fs';
import { basename, resolve, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { SERVER_MESSAGES } from '@plantride/schemas';

export interface StaticClientOptions {
  /** The built web client (clients/dist); nothing is served when it is unset or missing. */
  clientDist?: string;
}

// Vite names everything under assets/ after its content, so a new build never reuses a name.
export const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html names this build's assets: a browser asks again each time (a 304 while unchanged).
export const REVALIDATE = 'no-cache';
// The service worker: the browser checks it on every page load anyway, but no cache between may hold an
// old one back (it decides what the app shell is), so it is never stored and never transformed.
export const SERVICE_WORKER = 'no-cache, no-store, no-transform';
const SERVICE_WORKER_FILE = 'sw.js';
const MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';

/**
 * The web client: its files, brotli or gzip when the build left a `.br`/`.gz` beside them and the
 * browser accepts it, and index.html for any page path that is not the API (the client routes
 * itself); the API's unknown paths get the JSON 404.
 */
export const staticClientPlugin = fp<StaticClientOptions>(
  async (app, options) => {
    const root = options.clientDist && existsSync(options.clientDist) ? resolve(options.clientDist) : undefined;
    if (root) {
      const assets = resolve(root, 'assets') + sep;
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply: FastifyReply, path: string) => {
          // With preCompressed the path may be the .br or .gz copy: the header goes by the file it stands for.
          const name = basename(path).replace(/\.(br|gz)$/, '');
          if (name === SERVICE_WORKER_FILE) {
            reply.header('cache-control', SERVICE_WORKER);
            reply.header('service-worker-allowed', '/');
          } else {
            reply.header('cache-control', resolve(path).startsWith(assets) ? IMMUTABLE : REVALIDATE);
          }
          if (name.endsWith('.webmanifest')) reply.header('content-type', MANIFEST_TYPE);
        },
      });
    }
    app.setNotFoundHandler((request, reply) =>
      root && request.method === 'GET' && !request.url.startsWith('/api/')
        ? reply.sendFile('index.html')
        : reply.status(404).send({ message: SERVER_MESSAGES.notFound }),
    );
  },
  { name: 'static-client' },
);
