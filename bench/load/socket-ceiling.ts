import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { freePort } from '../../engine/src/deploy/engine-process';
import { nowMs } from '../support/api-client';
import { startNode } from '../support/child-process';
import { summarize, type Summary } from '../support/stats';

export interface CeilingResult {
  adapter: 'none' | 'redis-streams';
  sockets: number;
  emits: number;
  deliveries: number;
  latency: Summary;
  playedMs: number;
}

const connect = (url: string, auth: Record<string, unknown>) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { path: '/socket.io', auth, transports: ['websocket'], forceNew: true, reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

/** Plays the load's socket events through a bare socket.io server to as many sockets in the same rooms; send → receipt latency. */
export async function socketCeiling(options: {
  rooms: ReadonlyMap<string, readonly string[]>;
  schedule: Array<{ offsetMs: number; name: string; rooms: string[]; except?: string[] }>;
  dir: string;
  redis?: { url: string; prefix: string };
}): Promise<CeilingResult> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = startNode('bench/load/ceiling-server.ts', {
    logFile: join(options.dir, `ceiling-${port}.log`),
    env: { PORT: String(port), ...(options.redis ? { REDIS_URL: options.redis.url, REDIS_PREFIX: options.redis.prefix } : {}) },
  });
  const sockets: Socket[] = [];
  try {
    for (
      let tries = 0;
      !(await fetch(`${url}/socket.io/?EIO=4&transport=polling`).then(
        () => true,
        () => false,
      ));
      tries += 1
    ) {
      if (!server.running() || tries > 300) throw new Error(`the ceiling server did not start:\n${server.tail()}`);
      await new Promise((done) => setTimeout(done, 100));
    }
    const latencies: number[] = [];
    for (const rooms of options.rooms.values()) {
      const socket = await connect(url, { rooms });
      socket.onAny((_name: string, payload: { sentAt: number }) => latencies.push(nowMs() - payload.sentAt));
      sockets.push(socket);
    }
    const control = await connect(url, { control: true });
    sockets.push(control);
    // A server that refused the message would never answer; its close ends the wait instead of hanging the bench.
    const playedMs = await new Promise<number>((resolve, reject) => {
      control.once('disconnect', (reason) => reject(new Error(`the ceiling server dropped the schedule (${reason}):\n${server.tail()}`)));
      control.emit('play', options.schedule, resolve);
    });
    // Let the last ones arrive.
    await new Promise((done) => setTimeout(done, 1000));
    return {
      adapter: options.redis ? 'redis-streams' : 'none',
      sockets: options.rooms.size,
      emits: options.schedule.length,
      deliveries: latencies.length,
      latency: summarize(latencies),
      playedMs: Math.round(playedMs),
    };
  } finally {
    sockets.forEach((socket) => socket.disconnect());
    await server.stop();
  }
}
