import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

// PGlite's initdb takes ~3 s per start and every test file starts one; loading a data folder
// made once for the whole run takes ~0.4 s. The file is named by PGlite's version, so an
// upgrade makes a new one.
const version = pgliteVersion();
const templateFile = join(tmpdir(), `plantride-pglite-template-${version}.tar`);

/** vitest global set-up: makes the template once per machine (kept between runs; same version, same bytes). */
export async function setup(): Promise<void> {
  if (existsSync(templateFile)) return;
  const pglite = await PGlite.create();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const partial = `${templateFile}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, templateFile);
}

/** A fresh in-memory PGlite, from the template when the global set-up made one. */
export function startTestPglite(): Promise<PGlite> {
  if (!existsSync(templateFile)) return PGlite.create();
  return PGlite.create({ loadDataDir: new Blob([readFileSync(templateFile)]) });
}

function pgliteVersion(): string {
  // The package does not export its package.json; find it above its entry point.
  for (let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
    if (name === '@electric-sql/pglite' && version) return version;
  }
  throw new Error('Cannot find the version of @electric-sql/pglite');
}
