// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the built client, so the
// engine sends the smaller one a browser accepts (@fastify/static's preCompressed) without
// compressing on every request. Run by `npm run build -w clients` after `vite build`.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.map', '.ico']);
// Below this a compressed copy saves less than the headers it costs.
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

async function compressDist(dist) {
  const written = [];
  for await (const path of files(dist)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    if ((await stat(path)).size < MIN_BYTES) continue;
    const raw = await readFile(path);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    // A copy no smaller than the file is left out; the engine then sends the file itself.
    if (br.length < raw.length) await writeFile(`${path}.br`, br);
    if (gz.length < raw.length) await writeFile(`${path}.gz`, gz);
    written.push({ file: relative(dist, path), raw: raw.length, gzip: gz.length, brotli: br.length });
  }
  return written;
}

const dist = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));
const written = await compressDist(dist);
const total = (key) => written.reduce((sum, file) => sum + file[key], 0);
console.log(`compressed ${written.length} files in ${dist}: ${total('raw')} B raw, ${total('gzip')} B gzip, ${total('brotli')} B brotli`);
