import { writeFileSync } from 'node:fs';

// Loaded with --import into a process the bench starts: at exit it leaves its own peak memory and CPU time.
const file = process.env.BENCH_USAGE_FILE;
if (file) {
  process.once('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ maxRssKb: usage.maxRSS, userMs: usage.userCPUTime / 1000, systemMs: usage.systemCPUTime / 1000 }));
  });
}
