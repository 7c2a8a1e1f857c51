import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import pg from 'pg';
import { summarize, type Summary } from '../support/stats';

export interface XminSamples {
  samples: number;
  /** Age of the oldest transaction holding a transaction id anywhere in the cluster, at each sample (ms). */
  oldestWriterAgeMs: Summary;
  /** Share of samples where that transaction was older than 100 ms. */
  over100ms: number;
  /** Share of those samples where the oldest writer was one of the engine's own connections. */
  over100msByEngine: number;
  /** What the oldest writer was last running when older than 100 ms (first words of the statement, with its state), by count. */
  heldBy: Record<string, number>;
}

/** Local TCP ports of a process's sockets (its PostgreSQL connections among them), from /proc. */
function portsOf(pid: number): Set<number> {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (link.startsWith('socket:[')) inodes.add(link.slice(8, -1));
      } catch {
        // closed meanwhile
      }
    }
    const ports = new Set<number>();
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        if (fields[9] && inodes.has(fields[9])) ports.add(parseInt(fields[1]!.split(':')[1]!, 16));
      }
    }
    return ports;
  } catch {
    return new Set();
  }
}

/**
 * Readers of `$all` see only transactions older than every running one in the whole PostgreSQL
 * cluster (pg_snapshot_xmin), so an open writing transaction anywhere — a projection batch, another
 * application — holds live delivery back. This samples how old the oldest such transaction is.
 */
export function sampleXmin(url: string, enginePid: number, everyMs = 100): { stop(): Promise<XminSamples> } {
  const client = new pg.Client({ connectionString: url });
  const ages: number[] = [];
  const heldBy = new Map<string, number>();
  let enginePorts = new Set<number>();
  let byEngine = 0;
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      if (ages.length % 10 === 0) enginePorts = portsOf(enginePid);
      const { rows } = await client.query<{ age_ms: number | null; what: string | null; port: number | null }>(
        `select extract(epoch from clock_timestamp() - xact_start) * 1000 as age_ms, state || ': ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 60) as what, client_port as port
         from pg_stat_activity where backend_xid is not null and pid <> pg_backend_pid() order by xact_start limit 1`,
      );
      const age = Number(rows[0]?.age_ms ?? 0);
      ages.push(age);
      if (age > 100 && rows[0]?.what) {
        const whose = enginePorts.has(Number(rows[0].port)) ? 'this engine' : 'another client';
        const what = `${whose}, ${rows[0].what}`;
        heldBy.set(what, (heldBy.get(what) ?? 0) + 1);
        if (whose === 'this engine') byEngine += 1;
      }
      await new Promise((done) => setTimeout(done, everyMs));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop.catch(() => undefined);
      return {
        samples: ages.length,
        oldestWriterAgeMs: summarize(ages),
        over100ms: Math.round((ages.filter((a) => a > 100).length / Math.max(1, ages.length)) * 100) / 100,
        over100msByEngine: Math.round((byEngine / Math.max(1, ages.filter((a) => a > 100).length)) * 100) / 100,
        heldBy: Object.fromEntries([...heldBy].sort(([, a], [, b]) => b - a).slice(0, 8)),
      };
    },
  };
}
