import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startEngine } from './support/engine-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminTokenNo: string;
    adminPassword: string;
  }
}

/** Builds the client once and starts one engine for every browser test file. */
export default async function setup(project: TestProject) {
  // vitest sets NODE_ENV=test, which would make Vite build the development bundle.
  execFileSync('npm', ['run', 'build', '-w', 'clients'], { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  const engine = await startEngine();
  project.provide('baseUrl', engine.baseUrl);
  project.provide('adminTokenNo', engine.adminTokenNo);
  project.provide('adminPassword', engine.adminPassword);
  return () => engine.stop();
}
