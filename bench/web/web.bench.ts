import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { flags } from '../support/cli-flags';
import { machineInfo } from '../support/machine';
import { printTable, ROOT, writeResults } from '../support/report';
import { bytesByPackage } from './bundle-attribution';

const USAGE = `npm run bench:web
Builds the web client (into a temp folder, so clients/dist is left alone) and reports what /signin
loads first — the entry script, its static imports (modulepreload), the CSS, and the sign-in route's
chunk with its own static imports — gzipped, and the largest route chunk.`;
flags(USAGE, {});

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const CLIENTS = resolve(ROOT, 'clients');
const out = mkdtempSync(join(tmpdir(), 'plantride-web-'));
try {
  const started = Date.now();
  execFileSync(
    process.execPath,
    [
      resolve(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      out,
      '--emptyOutDir',
      '--manifest',
      '--sourcemap',
      'hidden',
      '--logLevel',
      'warn',
    ],
    { cwd: CLIENTS, stdio: 'inherit' },
  );
  const buildSeconds = Math.round((Date.now() - started) / 100) / 10;
  const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Manifest;
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const size = (file: string) => {
    if (!sizes.has(file)) {
      const body = readFileSync(join(out, file));
      sizes.set(file, { raw: body.length, gzip: gzipSync(body).length });
    }
    return sizes.get(file)!;
  };
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const total = (files: Iterable<string>) =>
    [...files].reduce((sum, f) => ({ raw: sum.raw + size(f).raw, gzip: sum.gzip + size(f).gzip }), { raw: 0, gzip: 0 });

  // What index.html itself pulls in: the entry, its modulepreloads and stylesheets.
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  const attr = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!.replace(/^\//, ''));
  const htmlJs = new Set([
    ...attr(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...attr(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ]);
  const htmlCss = new Set(attr(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g));

  // A chunk and its static imports, with their CSS.
  const closure = (key: string, js = new Set<string>(), css = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return { js, css };
    js.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach((k) => closure(k, js, css));
    return { js, css };
  };
  const signInKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/components/sign-in-page.tsx'));
  if (!signInKey) throw new Error('the sign-in route is not in the build manifest');
  const signIn = closure(signInKey);
  const initialJs = new Set([...htmlJs, ...signIn.js]);
  const initialCss = new Set([...htmlCss, ...signIn.css]);
  const js = total(initialJs);
  const css = total(initialCss);

  // Route chunks: the modules router.tsx loads lazily, each with what it adds beyond the initial load.
  const router = readFileSync(join(CLIENTS, 'src/app/router.tsx'), 'utf8');
  const routeModules = [...router.matchAll(/import\('\.\.\/([^']+)'\)/g)].map((m) => m[1]!);
  const routes = routeModules.map((module) => {
    const key = Object.keys(manifest).find((k) => k.replace(/\.tsx?$/, '').endsWith(module))!;
    const own = manifest[key]!.file;
    const extra = [...closure(key).js].filter((f) => !initialJs.has(f));
    return { module, chunk: own, gzipKb: kb(size(own).gzip), rawKb: kb(size(own).raw), withImportsGzipKb: kb(total(extra).gzip) };
  });
  const largest = [...routes].sort((a, b) => b.gzipKb - a.gzipKb)[0]!;

  printTable(
    `Web client (built in ${buildSeconds} s), gzip`,
    ['what', 'files', 'raw KB', 'gzip KB'],
    [
      ['/signin initial JS', initialJs.size, kb(js.raw), kb(js.gzip)],
      ['/signin initial CSS', initialCss.size, kb(css.raw), kb(css.gzip)],
      [`largest route chunk (${largest.module})`, 1, largest.rawKb, largest.gzipKb],
    ],
  );
  const byPackage = await bytesByPackage(out, [...initialJs]);
  const packages = byPackage ? Object.entries(byPackage).sort(([, a], [, b]) => b - a) : [];
  // Each package's share of the raw bytes, applied to the gzip total: an estimate, as gzip works across them.
  const packageRows = packages.slice(0, 12).map(([pkg, raw]) => [pkg, kb(raw), kb((raw / js.raw) * js.gzip)]);
  if (packageRows.length)
    printTable('/signin initial JS by package (from source maps; gzip share estimated)', ['package', 'raw KB', '~gzip KB'], packageRows);
  printTable(
    'Route chunks (own file; "+ imports" = what it loads beyond the initial set)',
    ['module', 'raw KB', 'gzip KB', '+ imports gzip KB'],
    routes.map((r) => [r.module, r.rawKb, r.gzipKb, r.withImportsGzipKb]),
  );
  writeResults('web', {
    bench: 'web',
    machine: await machineInfo(),
    buildSeconds,
    signin: {
      js: { files: [...initialJs], rawKb: kb(js.raw), gzipKb: kb(js.gzip) },
      css: { files: [...initialCss], rawKb: kb(css.raw), gzipKb: kb(css.gzip) },
    },
    largestRoute: largest,
    initialFiles: [...initialJs, ...initialCss].map((file) => ({ file, rawKb: kb(size(file).raw), gzipKb: kb(size(file).gzip) })),
    initialJsByPackageKb: byPackage ? Object.fromEntries(packages.map(([pkg, raw]) => [pkg, kb(raw)])) : null,
    routes,
  });
} finally {
  rmSync(out, { recursive: true, force: true });
}
