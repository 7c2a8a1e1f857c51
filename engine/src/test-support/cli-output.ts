/** Stands in for process.stdout and process.stderr when a test runs a command's main(). */
export function capturedOutput() {
  const text = { stdout: '', stderr: '' };
  const out = {
    stdout: { write: (chunk: string) => Boolean((text.stdout += chunk)) },
    stderr: { write: (chunk: string) => Boolean((text.stderr += chunk)) },
  };
  return { text, out };
}
