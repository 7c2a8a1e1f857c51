// A standby engine process: it loads the engine's modules (the slow part of a start on a busy
// machine), then waits for a line on stdin before running server.ts, which connects to the store,
// migrates, takes the locks and listens exactly as a fresh start does.
import { createInterface } from 'node:readline';

await Promise.all([
  import('../../app'),
  import('../../config'),
  import('../../auth/jwt'),
  import('../../auth/jwt-secret'),
  import('../../auth/log-redaction'),
  import('../../users/bootstrap'),
  import('../../database/data-dir-lock'),
]);
process.stdout.write('standby: modules loaded\n');
const lines = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => lines.once('line', () => resolve()));
lines.close();
await import('../../server');
