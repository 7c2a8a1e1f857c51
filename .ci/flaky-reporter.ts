// A vitest reporter for CI: every test that failed and then passed on its retry (a flake) is appended to
// artifacts/flaky.txt with the first error it failed with; .ci/run prints that file as its FLAKY summary.
// Vitest keeps a retried test's errors from its failed attempts in its result, first attempt first.
// It also appends each pass's ten slowest files (import plus tests, in seconds) to artifacts/slowest.txt,
// which .ci/run prints beside its step times, so a slow run names the files its time went to.
import { appendFileSync, mkdirSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

const repository = fileURLToPath(new URL('..', import.meta.url));
const ledger = fileURLToPath(new URL('../artifacts/flaky.txt', import.meta.url));
const slowest = fileURLToPath(new URL('../artifacts/slowest.txt', import.meta.url));

export default class FlakyReporter implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const diagnostic = test.diagnostic();
    if (!diagnostic?.flaky) return;
    const first = test.result().errors?.[0];
    const where = first?.stacks?.find((frame) => !frame.file.includes('node_modules'));
    const lines = [
      `${relative(repository, test.module.moduleId)} > ${test.fullName}  [${test.project.name}; passed on retry ${diagnostic.retryCount}` +
        (process.env.CI_STEP ? `; step "${process.env.CI_STEP}"]` : ']'),
      `    first error: ${first ? `${first.name ?? 'Error'}: ${first.message.split('\n')[0]}` : '(vitest kept none)'}`,
      ...(where ? [`    at ${relative(repository, where.file)}:${where.line}:${where.column}`] : []),
    ];
    mkdirSync(fileURLToPath(new URL('../artifacts', import.meta.url)), { recursive: true });
    appendFileSync(ledger, `${lines.join('\n')}\n`);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const timed = modules
      .map((module) => {
        const { collectDuration, setupDuration, duration } = module.diagnostic();
        return {
          file: `${relative(repository, module.moduleId)} [${module.project.name}]`,
          seconds: (collectDuration + setupDuration + duration) / 1000,
        };
      })
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    if (timed.length === 0) return;
    const lines = [
      `${process.env.CI_STEP ?? 'vitest'}:`,
      ...timed.map(({ file, seconds }) => `${seconds.toFixed(0).padStart(5)}s  ${file}`),
    ];
    mkdirSync(fileURLToPath(new URL('../artifacts', import.meta.url)), { recursive: true });
    appendFileSync(slowest, `${lines.join('\n')}\n`);
  }
}
