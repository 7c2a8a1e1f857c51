/** Progress lines with the time since the test began, so a slow or stuck run shows where it is. */
export function tracer(name: string): (what: string) => void {
  const began = Date.now();
  return (what) => console.log(`[${name} +${((Date.now() - began) / 1000).toFixed(1)} s] ${what}`);
}
