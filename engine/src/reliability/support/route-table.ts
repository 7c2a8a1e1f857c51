import type { FastifyInstance, RouteOptions } from 'fastify';

/** One method and URL pattern of the API, as Fastify registered it. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The statuses its schema declares, as they stand once every onRoute hook has run. */
  declared(): string[];
}

const registered = new WeakMap<FastifyInstance, RouteEntry[]>();

type FastifyFactory = (...args: never[]) => FastifyInstance;

/**
 * The `fastify` module with its factory wrapped: every instance it makes records its routes through an
 * `onRoute` hook added before any plugin, so the table holds every route the app ever registers.
 * Use from `vi.mock('fastify', ...)`; read the table with {@link routeTable}.
 */
export function withRouteTable<M extends { default: unknown }>(fastifyModule: M): M {
  const original = fastifyModule.default as FastifyFactory;
  const wrapped = (...args: never[]) => {
    const app = original(...args);
    const routes: RouteEntry[] = [];
    registered.set(app, routes);
    app.addHook('onRoute', (route: RouteOptions) => {
      // Read when asked: later onRoute hooks (error-answers) complete the same options.
      const declared = () => Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {});
      for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url, declared });
    });
    return app;
  };
  Object.assign(wrapped, original);
  return { ...fastifyModule, default: wrapped, fastify: wrapped };
}

/** Every route the app registered, each method once. */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const routes = registered.get(app);
  if (!routes) throw new Error('the route table was not captured: vi.mock("fastify") with withRouteTable before importing the app');
  const seen = new Set<string>();
  return routes.filter(({ method, url }) => !seen.has(`${method} ${url}`) && Boolean(seen.add(`${method} ${url}`)));
}

/** The OpenAPI path of a Fastify URL pattern: `/a/:id` → `/a/{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The names of a URL pattern's parameters (`:id`) and whether it ends in a wildcard. */
export function urlParts(url: string): { params: string[]; wildcard: boolean } {
  return { params: [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!), wildcard: url.endsWith('*') };
}
