import { readFileSync } from 'node:fs';
import { printTable } from './report';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: an npm package, a workspace folder, or V8's own buckets (GC, idle, program). */
function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  const ours = url.match(/\/(engine|projections|schemas|bench)\/src\/([^/]+)/) ?? url.match(/\/(bench)\/([^/]+)/);
  if (ours) return `${ours[1]}/${ours[2]}`;
  if (url.startsWith('node:')) return url;
  return url.replace(/^.*\//, '');
}

/** Self time of a V8 CPU profile (--cpu-prof) by place and by function, in ms. */
export function summarizeProfile(file: string, top = 15) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of self) {
    const { callFrame } = byId.get(id)!;
    const place = placeOf(callFrame.url, callFrame.functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
    const fn = `${callFrame.functionName || '(anonymous)'} ${place}:${callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    total += ms;
  }
  const rank = (m: Map<string, number>) =>
    [...m]
      .sort(([, a], [, b]) => b - a)
      .slice(0, top)
      .map(([k, ms]) => ({ name: k, ms: Math.round(ms), share: Math.round((ms / total) * 1000) / 10 }));
  return { totalMs: Math.round(total), byPlace: rank(byPlace), byFunction: rank(byFunction) };
}

// npx tsx bench/support/profile-summary.ts <file.cpuprofile>
if (process.argv[1]?.endsWith('profile-summary.ts')) {
  for (const file of process.argv.slice(2)) {
    const summary = summarizeProfile(file);
    printTable(
      `${file}: ${summary.totalMs} ms sampled, self time by place`,
      ['place', 'ms', '%'],
      summary.byPlace.map((r) => [r.name, r.ms, r.share]),
    );
    printTable(
      'self time by function',
      ['function', 'ms', '%'],
      summary.byFunction.map((r) => [r.name, r.ms, r.share]),
    );
  }
}
