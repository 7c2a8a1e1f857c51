// Builds the engine into plain JavaScript for production (`node engine/dist/server.js`), so
// nothing compiles TypeScript at run time. One ESM bundle per entry: the engine's own code and the
// workspace packages @plantride/schemas and @plantride/projections, whose package.json points at
// their TypeScript sources; every other package stays in node_modules (production dependencies).
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const engine = fileURLToPath(new URL('..', import.meta.url));
const outdir = fileURLToPath(new URL('../dist', import.meta.url));

// Imports of packages, except the workspace ones, are left to Node to resolve at run time.
const dependenciesExternal = {
  name: 'dependencies-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@plantride/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: engine,
  // The server, and the operator's commands (`node engine/dist/replay.cli.js <rideId>`, `node engine/dist/rebuild.cli.js`).
  entryPoints: {
    server: 'src/server.ts',
    'replay.cli': 'src/audit/replay.cli.ts',
    'rebuild.cli': 'src/projection-runner/rebuild.cli.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  // The one Node the project supports, tests on and ships (package.json engines, .nvmrc, the image).
  target: 'node24',
  sourcemap: 'linked',
  // Pino, Fastify and the logs name functions and classes: keep them readable.
  keepNames: true,
  plugins: [dependenciesExternal],
  logLevel: 'warning',
  metafile: true,
});
// What each file imports, for the check that only production dependencies are left outside.
await writeFile(`${outdir}/meta.json`, JSON.stringify(result.metafile));
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`engine built into ${outdir} (${Object.keys(result.metafile.outputs).length} files, ${bytes} B)`);
