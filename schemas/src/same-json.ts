/**
 * Whether two parsed JSON values are the same: objects by their own keys in any order (a key holding
 * `undefined` is no key, as in JSON), arrays item by item. Settings are compared with it, so a field
 * added to a schema is compared without anyone listing it.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysOf = (value: object) => Object.entries(value).filter(([, item]) => item !== undefined);
  const left = keysOf(a);
  const right = new Map(keysOf(b));
  return left.length === right.size && left.every(([key, item]) => right.has(key) && sameJson(item, right.get(key)));
}
