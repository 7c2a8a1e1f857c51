import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ROOT } from './support/report';

// `npm run bench`: every bench once with its --quick preset (extra flags, e.g. --mode, go to each).
const BENCHES = [
  'append/append.bench.ts',
  'load/load.bench.ts',
  'shift/shift.bench.ts',
  'flood/flood.bench.ts',
  'dispatch/dispatch.bench.ts',
  'replay/replay.bench.ts',
  'reports/reports.bench.ts',
  'web/web.bench.ts',
  'site/site.bench.ts',
  'webhooks/webhooks.bench.ts',
  'push/push.bench.ts',
];
const extra = process.argv.slice(2);
const failed: string[] = [];
for (const bench of BENCHES) {
  console.log(`\n=== ${bench} ===`);
  const args = ['--import', 'tsx', resolve(ROOT, 'bench', bench), ...(bench.startsWith('web/') ? [] : ['--quick', ...extra])];
  const { status } = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (status !== 0) failed.push(bench);
}
if (failed.length) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
