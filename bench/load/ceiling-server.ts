import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';

// The live ceiling: a bare socket.io server on loopback, in a process of its own like the engine, sending
// the load run's socket events to the same rooms at the same moments; nothing else runs in it.
const port = Number(process.env.PORT);
const prefix = process.env.REDIS_PREFIX ?? 'bench-ceiling';
const httpServer = createServer();
// The whole schedule travels in one 'play' message: a full-size run's is several MB, past socket.io's 1 MB default.
const io = new Server(httpServer, { path: '/socket.io', serveClient: false, maxHttpBufferSize: 512 * 1024 * 1024 });
if (process.env.REDIS_URL) {
  const redis = new Redis(process.env.REDIS_URL);
  io.adapter(
    createAdapter(redis, {
      streamName: `${prefix}:socket.io`,
      channelPrefix: `${prefix}:socket.io`,
      sessionKeyPrefix: `${prefix}:session:`,
      blockTimeInMs: 1000,
    }),
  );
}
const nowMs = () => performance.timeOrigin + performance.now();
// About the size of a ride event's payload.
const pad = 'x'.repeat(240);

interface Planned {
  offsetMs: number;
  name: string;
  rooms: string[];
  except?: string[];
}

async function play(schedule: Planned[]): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < schedule.length; i += 1) {
    const item = schedule[i]!;
    const wait = started + item.offsetMs - performance.now();
    if (wait > 1) await new Promise((done) => setTimeout(done, wait));
    io.to(item.rooms)
      .except(item.except ?? [])
      .emit(item.name, { position: i + 1, sentAt: nowMs(), pad });
  }
  return performance.now() - started;
}

io.on('connection', (socket) => {
  const auth = socket.handshake.auth as { rooms?: string[]; control?: boolean };
  if (auth.rooms) void socket.join(auth.rooms);
  if (auth.control) socket.on('play', (schedule: Planned[], ack: (ms: number) => void) => void play(schedule).then(ack));
});
httpServer.listen(port, '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => {
  void io.close();
  process.exit(0);
});
