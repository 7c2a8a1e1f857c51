import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreTimerKinds, testTimerOptions } from '../test-support/test-timers';
import { boundedInject } from './support/bounded-inject';
import { callDeadlineMs, replayParameters, routeRuns } from './support/fuzz-settings';
import { CALLERS, seedFuzzWorld, type Caller, type FuzzWorld } from './support/fuzz-world';
import { anyJson, hostileStrings, shapedBy, textProperties, wildString, type JsonSchema } from './support/json-schema-arbitrary';
import { openApiPath, routeTable, urlParts, type RouteEntry } from './support/route-table';

// Every Fastify instance records its routes from the first one on (onRoute), so a new route is fuzzed without a list to keep.
vi.mock('fastify', async (importOriginal) => (await import('./support/route-table')).withRouteTable(await importOriginal()));

const HOUR = 3_600_000;

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type OpenApiDoc = { paths: Record<string, Record<string, OpenApiOperation>> };

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };

interface FuzzCase {
  caller: Caller;
  authorization: number;
  params: Record<string, { value: string; encode: boolean }>;
  wildcard: string;
  query: Record<string, unknown> | string;
  body: Body;
  headers: Record<string, string>;
}

const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'application/json; charset=latin1',
  'application/xml',
  'application/octet-stream',
  '',
];
const headerText = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });

function caseArbitrary(route: RouteEntry, operation: OpenApiOperation | undefined, known: string[]): fc.Arbitrary<FuzzCase> {
  const { params } = urlParts(route.url);
  const described = (where: string) =>
    Object.fromEntries((operation?.parameters ?? []).filter((p) => p.in === where).map((p) => [p.name, p.schema ?? {}]));
  const pathSchemas = described('path');
  const querySchemas = described('query');
  const param = (name: string) =>
    fc.record({
      value: fc.oneof(
        shapedBy(pathSchemas[name] ?? { type: 'string' }, known).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
        wildString(known),
      ),
      encode: fc.boolean(),
    });
  const querySchema: JsonSchema = { type: 'object', properties: querySchemas, required: [] };
  const query = fc.oneof(
    {
      weight: 4,
      arbitrary: shapedBy(querySchema, known).map((value) =>
        value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value },
      ),
    },
    {
      weight: 2,
      arbitrary: fc.dictionary(wildString(known), fc.oneof(wildString(known), fc.array(wildString(known), { maxLength: 3 })), {
        maxKeys: 4,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'a=%E0%A4%A',
        '%%%',
        'position=-1',
        'position=1e999',
        'from=9007199254740993',
        '__proto__[x]=1',
        'a[b][c]=d',
        '&&&=&',
        'x'.repeat(3000),
      ),
    },
  );
  const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
  const texts = textProperties(bodySchema);
  // A body shaped like the schema with exactly one text field hostile: the others may pass, so the hostile one is what gets judged.
  const oneHostileText = fc
    .tuple(shapedBy(bodySchema, known), fc.constantFrom(...hostileStrings), fc.nat())
    .map(([value, hostile, pick]): Body => ({
      kind: 'json',
      value:
        value && typeof value === 'object' && !Array.isArray(value) && texts.length
          ? { ...value, [texts[pick % texts.length]!]: hostile }
          : value,
    }));
  const body: fc.Arbitrary<Body> = fc.oneof(
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    { weight: bodySchema ? 6 : 1, arbitrary: shapedBy(bodySchema, known).map((value): Body => ({ kind: 'json', value })) },
    ...(texts.length ? [{ weight: 3, arbitrary: oneHostileText }] : []),
    { weight: 2, arbitrary: anyJson().map((value): Body => ({ kind: 'json', value })) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.constantFrom('{', '{"a":', '[1,2', 'null', '"x"', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}'),
        ),
        contentType: fc.constantFrom(...CONTENT_TYPES),
      }),
    },
  );
  const headers = fc.record(
    {
      'idempotency-key': fc.oneof(headerText, fc.constantFrom('fuzz-key-1', 'fuzz-key-2')),
      'x-correlation-id': headerText,
      cookie: fc.oneof(headerText, fc.constant('token=garbage; session=x')),
      origin: fc.constantFrom('http://evil.example', 'null', 'http://localhost:3000'),
      accept: fc.constantFrom('*/*', 'text/csv', 'application/xml', 'text/event-stream'),
      'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x'),
    },
    { requiredKeys: [] },
  );
  return fc.record({
    caller: fc.constantFrom(...CALLERS),
    authorization: fc.nat(),
    params: fc.record(Object.fromEntries(params.map((name) => [name, param(name)]))),
    wildcard: fc.oneof(
      fc.constantFrom('index.html', 'x.js', '../../package.json', '%2e%2e/secret'),
      fc.string({ maxLength: 30 }).map(percentEncoded),
    ),
    query,
    body,
    headers,
  });
}

/** Percent-encodes every UTF-8 byte (a lone surrogate becomes U+FFFD's bytes, as a browser would send it). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
const rawSafe = (text: string) => text.replace(/[^A-Za-z0-9._~!$&'()*+,;=:@%-]/g, '');

function requestOf(route: RouteEntry, fuzz: FuzzCase, authorizations: Record<Caller, string[]>): InjectOptions {
  let path = route.url === '*' ? `/${fuzz.wildcard}` : route.url.replace(/\*$/, fuzz.wildcard);
  path = path.replace(/:(\w+)/g, (_, name: string) => {
    const param = fuzz.params[name] ?? { value: '', encode: true };
    return param.encode ? percentEncoded(param.value) : rawSafe(param.value);
  });
  let search: string;
  if (typeof fuzz.query === 'string') search = fuzz.query;
  else {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(fuzz.query)) {
      for (const item of [value].flat()) params.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
    }
    search = params.toString();
  }
  const choices = authorizations[fuzz.caller];
  const authorization = choices[fuzz.authorization % choices.length] ?? '';
  const headers: Record<string, string> = { ...fuzz.headers, ...(authorization ? { authorization } : {}) };
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url: search ? `${path}?${search}` : path, headers };
  if (fuzz.body.kind === 'json') {
    options.payload = JSON.stringify(fuzz.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (fuzz.body.kind === 'raw') {
    options.payload = fuzz.body.text;
    if (fuzz.body.contentType) headers['content-type'] = fuzz.body.contentType;
  }
  return options;
}

/** Whether the route's schema names `status`, itself or by class ('4xx'). */
const declares = (route: RouteEntry, status: number) =>
  route.declared().some((key) => key === String(status) || key.toLowerCase() === `${String(status)[0]}xx` || key === 'default');

describe.each(testStoreTimerKinds())('route fuzzing on %s (timers %s)', (kind, timers) => {
  let t: TestApp;
  let world: FuzzWorld;
  let routes: RouteEntry[];
  let doc: OpenApiDoc;

  beforeAll(async () => {
    t = await createTestApp(kind, { timers: { ...testTimerOptions(timers), reassignTimeoutMs: HOUR, rideWaitAlertMs: HOUR } });
    world = await seedFuzzWorld(t);
    routes = routeTable(t.app);
    doc = t.app.swagger() as unknown as OpenApiDoc;
    // No hook time limit: on a loaded machine starting PGlite alone can take a minute; seeding's calls are the API's own.
  }, 0);
  afterAll(async () => t?.close());

  it('given the app, when its route table is read, then it holds every documented operation and the undocumented ones', () => {
    const table = new Set(routes.map(({ method, url }) => `${method} ${openApiPath(url)}`));
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.length).toBeGreaterThan(30);
    expect(documented.filter((operation) => !table.has(operation))).toEqual([]);
    expect(table).toContain('GET /metrics');
  });

  it('given any body, params, query and headers as any caller, when each route is called, then it answers below 500 in time, only with a status its schema declares, and a 4xx appends nothing', async () => {
    const runs = routeRuns();
    const statuses: Record<string, number> = {};
    const failures: string[] = [];
    const started = Date.now();
    // FUZZ_ROUTE=<part of a URL> narrows the run to matching routes (to replay one failure).
    const only = process.env.FUZZ_ROUTE;
    for (const route of routes.filter(({ url }) => !only || url.includes(only))) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const authorizations = await world.authorizations();
      const property = fc.asyncProperty(caseArbitrary(route, operation, world.known), async (fuzz) => {
        const request = requestOf(route, fuzz, authorizations);
        const before = await t.app.eventStore.headPosition();
        const answer = await boundedInject(t.app, request);
        const after = await t.app.eventStore.headPosition();
        const key = `${route.method} ${route.url} ${answer.statusCode}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
        const what = `${request.method} ${String(request.url).slice(0, 200)} as ${fuzz.caller}`;
        if (answer.statusCode >= 500) throw new Error(`${what} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
        // The API contract (issue #30): a documented route answers only what its schema, and so the OpenAPI document, declares.
        if (operation && !declares(route, answer.statusCode))
          throw new Error(`${what} answered ${answer.statusCode}, which its schema does not declare (${route.declared().join(', ')})`);
        if (answer.statusCode >= 400 && after !== before)
          throw new Error(`${what} answered ${answer.statusCode} yet appended ${after - before} event(s): ${answer.body.slice(0, 200)}`);
      });
      // fast-check's report names the seed and path to replay (FUZZ_SEED, FUZZ_PATH) and the shrunk case.
      const report = await fc.check(property, { numRuns: runs, ...replayParameters() });
      if (report.failed)
        failures.push(`${route.method} ${route.url}: ${String(report.errorInstance)}\n${fc.defaultReportMessage(report) ?? 'failed'}`);
    }
    const cases = Object.values(statuses).reduce((sum, n) => sum + n, 0);
    const byClass: Record<string, number> = {};
    for (const [key, n] of Object.entries(statuses)) byClass[`${key.slice(-3, -2)}xx`] = (byClass[`${key.slice(-3, -2)}xx`] ?? 0) + n;
    console.info(
      `route fuzzing on ${kind}: ${routes.length} routes, ${cases} calls (${runs} cases per route, shrinking included) in ${((Date.now() - started) / 1000).toFixed(1)} s, per-call deadline ${callDeadlineMs()} ms; by class ${JSON.stringify(byClass)}`,
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
    // The fuzzer reached past the auth and validation layers somewhere: some calls succeeded.
    if (!only) expect(byClass['2xx'] ?? 0).toBeGreaterThan(0);
  }, 0);
});
