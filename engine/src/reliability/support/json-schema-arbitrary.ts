import fc from 'fast-check';

/** The JSON Schema subset the routes' zod schemas turn into (OpenAPI 3.0 flavour). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

/**
 * Strings that make trouble: SQL, markup, control and NUL characters, lone surrogates (high and low, alone,
 * inside text and after a valid pair: PostgreSQL's jsonb refuses them), text just past each field limit
 * and far past it, huge and odd numbers as text.
 */
export const hostileStrings = [
  '',
  ' ',
  "'; drop table events; --",
  '" OR 1=1 --',
  '<img src=x onerror=alert(1)>',
  '\u0000',
  'a\u0000b',
  'AB\u0000C',
  '%00',
  '%',
  '../../etc/passwd',
  '\ud800',
  '\udc00',
  'AB\udc00C',
  'Ravi\ud83d',
  '🚜\udc00',
  '\udc00\ud800',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(40),
  '٣',
  'ǅ',
  '🚜',
  ...[6, 11, 51, 65, 101, 201, 501, 1001].map((length) => 'x'.repeat(length)),
  'A'.repeat(101),
  'x'.repeat(5000),
];

/** The top-level properties of an object schema that take text. */
export const textProperties = (schema: JsonSchema | undefined): string[] =>
  Object.entries(schema?.properties ?? {})
    .filter(
      ([, property]) =>
        [property.type].flat().includes('string') ||
        (property.anyOf ?? property.oneOf ?? []).some((option) => [option.type].flat().includes('string')),
    )
    .map(([name]) => name);

/** Any string: arbitrary code points, hostile ones, or one of the known ids and names of the test's world. */
export function wildString(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.constantFrom(...hostileStrings) },
  );
}

/** Any JSON value at all, nested a little. */
export const anyJson = (): fc.Arbitrary<unknown> => fc.jsonValue({ maxDepth: 3 });

const wildNumber = (schema: JsonSchema): fc.Arbitrary<number> =>
  fc.oneof(
    fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e6), max: Math.min(schema.maximum ?? 1000, 1e6) }),
    fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31), 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, Number.MIN_VALUE),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );

/**
 * Values shaped like `schema` (objects with its properties, strings where it wants strings, its enums)
 * but with wild contents: any string, numbers out of range, and now and then a value of another type,
 * a missing required property or an extra one.
 */
export function shapedBy(schema: JsonSchema | undefined, known: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson();
  const exact = exactShape(schema, known, depth);
  const nullable = schema.nullable ? fc.oneof(exact, fc.constant(null)) : exact;
  return fc.oneof({ weight: 8, arbitrary: nullable }, { weight: 1, arbitrary: anyJson() });
}

function exactShape(schema: JsonSchema, known: readonly string[], depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((alternative) => shapedBy(alternative, known, depth + 1)));
  if (schema.allOf?.length) return shapedBy(Object.assign({}, ...schema.allOf) as JsonSchema, known, depth + 1);
  if ('const' in schema) return fc.oneof(fc.constant(schema.const), wildString(known));
  if (schema.enum?.length)
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: wildString(known) });
  const type = [schema.type].flat()[0];
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const shaped: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) shaped[name] = shapedBy(property, known, depth + 1);
      const required = (schema.required ?? []).filter((name) => name in properties);
      const record = fc.record(shaped, { requiredKeys: required });
      const sloppy = fc.record(shaped, { requiredKeys: [] });
      const extra = fc.dictionary(wildString(known), anyJson(), { maxKeys: 2 });
      return fc.oneof(
        { weight: 6, arbitrary: record },
        { weight: 1, arbitrary: sloppy },
        { weight: 1, arbitrary: fc.tuple(record, extra).map(([body, more]) => ({ ...more, ...body })) },
      );
    }
    case 'array':
      return fc.array(shapedBy(schema.items, known, depth + 1), { maxLength: 4 });
    case 'string':
      return wildString(known);
    case 'integer':
    case 'number':
      return wildNumber(schema);
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom(0, 1, 'true', 'false'));
    case 'null':
      return fc.constant(null);
    default:
      return anyJson();
  }
}
