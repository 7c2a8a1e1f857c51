import { fork, type ChildProcess } from 'node:child_process';
import { connect, createServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { request, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * SOCKET_PROCESS=1 (PostgreSQL + Redis): the browsers' socket.io connections are served by a second
 * engine process, so commands never wait behind socket writes and deliveries never wait behind
 * commands (issue #18). The first process owns the public port. It reads each new connection's
 * first bytes: one that opens with a request to `/socket.io/` is handed, with those bytes, to the
 * socket process (a file descriptor over IPC, as Node's cluster does); every other one it serves
 * itself. Both are whole engines on one store and one socket.io (the Redis adapter), so a
 * connection served by either is served correctly: the split only decides who does the work. When
 * the socket process is down, the first serves everything until it is back.
 *
 * A socket.io request can still reach the first process on a connection it serves (a browser's
 * long-polling request on a kept-alive connection that began with an API call). socket.io's
 * long-polling sessions live in one process, so while the socket process is up the first forwards
 * every such request to it over the loopback (the rare case: a websocket's own connection is
 * always new, and handed over whole).
 */

const CONNECTION = 'plantride:connection';
const READY = 'plantride:socket-process-ready';
const SOCKET_IO_REQUEST = /^[A-Z]+ \/socket\.io\//;
// How much of a connection's start is read to see where it goes; a request line fits many times over.
const FIRST_BYTES_LIMIT = 8192;
const RESTART_MS = 1000;
// A connection that has not sent its first line by then is dropped (it holds a socket and nothing else).
const FIRST_LINE_TIMEOUT_MS = 10_000;

interface ReadyMessage {
  type: typeof READY;
  /** The socket process's loopback port, for requests the first process forwards. */
  port: number;
}

interface ConnectionMessage {
  type: typeof CONNECTION;
  /** What the first process read of the connection before handing it over, base64. */
  head: string;
}

/** Serves a connection on `server` as if it had accepted it, with the bytes already read from it. */
function serveConnection(server: HttpServer, socket: Socket, head: Buffer): void {
  server.emit('connection', socket);
  if (head.length > 0) socket.emit('data', head);
  socket.resume();
}

/** Reads a connection's first bytes (until a line ends, or the limit), then calls `route` with them. */
function firstBytes(socket: Socket, route: (head: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let length = 0;
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
    if (length < FIRST_BYTES_LIMIT && !chunk.includes('\n')) return;
    finish();
  };
  const drop = () => socket.destroy();
  const finish = () => {
    socket.setTimeout(0);
    socket.off('timeout', drop);
    socket.off('data', onData);
    socket.off('end', finish);
    socket.pause();
    route(Buffer.concat(chunks));
  };
  socket.on('data', onData);
  socket.once('end', finish);
  socket.on('error', () => socket.destroy());
  socket.setTimeout(FIRST_LINE_TIMEOUT_MS, drop);
  socket.resume();
}

/**
 * Stops this process reading a connection it hands over, and adds what Node had already read past
 * `head`. pause() does not stop the descriptor's reads (Node reads on until the stream's buffer is
 * full), and a handed-over descriptor stays open here, reading into a handler that drops the bytes,
 * until the other process acknowledges it (and a handle queued behind others' acknowledgements
 * reads into a stream nobody reads again). A websocket's first frame, socket.io's connect, sent in
 * that window would be lost and the connection closed 45 s later unanswered: that fits the one
 * socket in 1,802 closed before connecting in 2 of 7 full bench runs.
 */
function stopReading(socket: Socket, head: Buffer): Buffer {
  // The handle's own readStop: net.Socket keeps its `reading` flag set, so read() below starts nothing.
  (socket as unknown as { _handle?: { readStop?: () => number } })._handle?.readStop?.();
  const more: Buffer[] = [];
  for (let chunk: Buffer | null = socket.read() as Buffer | null; chunk !== null; chunk = socket.read() as Buffer | null) more.push(chunk);
  return more.length > 0 ? Buffer.concat([head, ...more]) : head;
}

export interface SocketProcessHost {
  /** The public port's server. */
  readonly router: NetServer;
  /** Whether socket.io connections go to the socket process now. */
  ready(): boolean;
  close(): Promise<void>;
}

export interface SocketProcessOptions {
  /** The first process's own HTTP server (the engine's, not listening publicly). */
  server: HttpServer;
  /** The module and arguments the socket process runs: the engine's own entry. */
  entry: string;
  execArgv?: string[];
  env: NodeJS.ProcessEnv;
  onLog: (message: string) => void;
}

/** The first process's side: starts the socket process, keeps it running, and routes connections. */
export function hostSocketProcess(options: SocketProcessOptions): SocketProcessHost {
  let child: ChildProcess | undefined;
  let childReady = false;
  let childPort = 0;
  let closing = false;
  let restart: NodeJS.Timeout | undefined;

  const start = () => {
    const started = fork(options.entry, [], {
      env: { ...options.env, PLANTRIDE_SOCKET_CHILD: '1' },
      execArgv: options.execArgv ?? process.execArgv,
    });
    child = started;
    started.on('message', (message: Partial<ReadyMessage>) => {
      if (message?.type !== READY || typeof message.port !== 'number') return;
      childPort = message.port;
      childReady = true;
      options.onLog(`socket process ${started.pid} serves socket.io connections`);
    });
    started.once('exit', (code, signal) => {
      if (child === started) {
        child = undefined;
        childReady = false;
      }
      if (closing) return;
      options.onLog(`socket process ${started.pid} exited (${signal ?? code}); this process serves socket.io until it is back`);
      restart = setTimeout(start, RESTART_MS);
    });
  };
  start();

  const router = createServer({ pauseOnConnect: true }, (socket) => {
    firstBytes(socket, (head) => {
      const target = child;
      if (childReady && target?.connected && SOCKET_IO_REQUEST.test(head.toString('latin1', 0, 64))) {
        const message: ConnectionMessage = { type: CONNECTION, head: stopReading(socket, head).toString('base64') };
        target.send(message, socket, (error) => {
          // Not handed over (the process went away meanwhile): served here, as when it is down.
          if (error && !socket.destroyed) serveConnection(options.server, socket, head);
        });
        return;
      }
      serveConnection(options.server, socket, head);
    });
  });

  forwardSocketIo(options.server, () => (childReady && child?.connected ? childPort : null));

  return {
    router,
    ready: () => childReady,
    async close() {
      closing = true;
      clearTimeout(restart);
      // Stops accepting; the connections it already gave the engine's server are that server's to
      // close (app.close()), so this does not wait for them.
      router.close();
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise<void>((done) => running.once('exit', () => done()));
      running.kill('SIGTERM');
      await exited;
    },
  };
}

/** The socket process's side: serves the connections the first process hands over, and says when it can. */
export function serveHandedConnections(server: HttpServer): void {
  process.on('message', (message: Partial<ConnectionMessage>, handle: unknown) => {
    if (message?.type !== CONNECTION || !handle) return;
    serveConnection(server, handle as Socket, Buffer.from(message.head ?? '', 'base64'));
  });
  const ready: ReadyMessage = { type: READY, port: (server.address() as AddressInfo).port };
  process.send?.(ready);
}

const isSocketIo = (url: string | undefined) => url?.startsWith('/socket.io/') === true;

/**
 * Puts a forward in front of the server's own request and upgrade listeners (socket.io's and the
 * API's): a socket.io request goes to `port()` while it names one, and is served here otherwise.
 */
function forwardSocketIo(server: HttpServer, port: () => number | null): void {
  const requestListeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const to = isSocketIo(req.url) ? port() : null;
    if (to) return forwardRequest(req, res, to);
    for (const listener of requestListeners) listener.call(server, req, res);
  });
  const upgradeListeners = server.listeners('upgrade') as Array<(req: IncomingMessage, socket: Duplex, head: Buffer) => void>;
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const to = isSocketIo(req.url) ? port() : null;
    if (to) return forwardUpgrade(req, socket, head, to);
    for (const listener of upgradeListeners) listener.call(server, req, socket, head);
  });
}

function forwardRequest(req: IncomingMessage, res: ServerResponse, port: number): void {
  const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  req.pipe(upstream);
}

function forwardUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, port: number): void {
  const upstream = connect(port, '127.0.0.1', () => {
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
}

/** Whether this process is a socket process its first process started. */
export const isSocketProcess = () => process.env.PLANTRIDE_SOCKET_CHILD === '1' && typeof process.send === 'function';
