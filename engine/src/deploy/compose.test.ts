import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../config';

// Docker does not run where the tests run: these check the files a deployment builds from.
const ROOT = resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(resolve(ROOT, file), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval: string; retries: number };
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const { postgres, redis, mosquitto, engine } = compose.services as Record<'postgres' | 'redis' | 'mosquitto' | 'engine', Service>;

/** Compose's variable substitution (`${X}`, `${X:-default}`, `${X:?error}`), from `env`. */
function substitute(text: string, env: Record<string, string>): string {
  return text.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind?: string, rest?: string) => {
    const value = env[name];
    if (value) return value;
    if (kind === '?') throw new Error(`compose would refuse to start: ${rest}`);
    return kind === '-' ? (rest ?? '') : '';
  });
}

/** Dockerfile stages: their FROM line and instructions, with continuation lines joined. */
function dockerStages(text: string): Array<{ from: string; name?: string; lines: string[] }> {
  const lines = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Array<{ from: string; name?: string; lines: string[] }> = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from) stages.push({ from: from[1]!, name: from[2], lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

describe('docker-compose.yml (services mode)', () => {
  it('has PostgreSQL 16 with its data on a named volume, Redis 7 with AOF and no eviction, and Mosquitto 2 for the robots', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['engine', 'mosquitto', 'postgres', 'redis']);
    expect(mosquitto.image).toBe('eclipse-mosquitto:2');
    expect(mosquitto.ports).toEqual(['${MQTT_PORT:-1883}:1883']);
    expect(postgres.image).toBe('postgres:16');
    expect(postgres.volumes).toContain('postgres-data:/var/lib/postgresql/data');
    expect(compose.volumes).toHaveProperty('postgres-data');
    expect(redis.image).toBe('redis:7');
    const command = redis.command!.join(' ');
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--maxmemory-policy noeviction');
    expect(redis.volumes).toContain('redis-data:/data');
    expect(compose.volumes).toHaveProperty('redis-data');
  });

  it('builds the engine from the root Dockerfile, publishes port 3000 and starts it once both stores and the broker are healthy', () => {
    expect(engine.build).toEqual({ context: '.', dockerfile: 'Dockerfile' });
    expect(engine.ports).toEqual(['${PLANTRIDE_PORT:-3000}:3000']);
    expect(engine.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      mosquitto: { condition: 'service_healthy' },
    });
  });

  it('gives every service a healthcheck, the engine its /api/health', () => {
    expect(postgres.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(redis.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(mosquitto.healthcheck?.test).toContain('mosquitto_sub');
    expect(engine.healthcheck?.test.join(' ')).toContain('http://127.0.0.1:3000/api/health');
  });

  it('takes every secret from the environment or .env, never from the file, and refuses to start without them', () => {
    const environment = engine.environment!;
    expect(environment.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?.+\}$/);
    expect(postgres.environment!.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?.+\}$/);
    expect(environment.ADMIN_PASSWORD).toBe('${ADMIN_PASSWORD:-}');
    expect(environment.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
    expect(() => substitute(environment.JWT_SECRET!, {})).toThrow(/JWT_SECRET/);
    // The example .env names the variables and leaves every value to fill in.
    const example = read('.env.example')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(example.map((line) => line.split('=')[0])).toEqual(
      expect.arrayContaining(['POSTGRES_PASSWORD', 'JWT_SECRET', 'ADMIN_TOKEN_NO', 'ADMIN_PASSWORD']),
    );
    for (const line of example) expect(line, line).toMatch(/^[A-Z_]+=$/);
  });

  it('with a filled-in .env, the engine environment is a valid configuration for the services mode without demo accounts', () => {
    const env = { POSTGRES_PASSWORD: 'pw0123456789', JWT_SECRET: 'j'.repeat(40), ADMIN_TOKEN_NO: 'ad01', ADMIN_PASSWORD: 'admin-secret' };
    const environment = Object.fromEntries(
      Object.entries(engine.environment!).map(([name, value]) => [name, substitute(String(value), env)]),
    );
    const config = loadConfig(environment);
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://plantride:pw0123456789@postgres:5432/plantride',
      REDIS_URL: 'redis://redis:6379',
      MQTT_URL: 'mqtt://mosquitto:1883',
      JWT_SECRET: 'j'.repeat(40),
      ADMIN_TOKEN_NO: 'AD01',
      ADMIN_PASSWORD: 'admin-secret',
      DEMO: '0',
      LOG_LEVEL: 'info',
    });
    // Left blank in .env, the optional ones are unset rather than empty.
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(
      loadConfig(
        Object.fromEntries(
          Object.entries(engine.environment!).map(([name, value]) => [
            name,
            substitute(String(value), { ...env, ADMIN_TOKEN_NO: '', ADMIN_PASSWORD: '' }),
          ]),
        ),
      ),
    ).toMatchObject({ ADMIN_TOKEN_NO: undefined, ADMIN_PASSWORD: undefined });
  });

  it('documents each variable it reads in the README', () => {
    const readme = read('README.md');
    expect(readme).toContain('## Services mode (docker compose)');
    const start = readme.indexOf('## Services mode (docker compose)');
    const end = readme.indexOf('\n## ', start + 1);
    const section = readme.slice(start, end === -1 ? undefined : end);
    const variables = new Set([...read('docker-compose.yml').matchAll(/\$\{([A-Z_]+)/g)].map((match) => match[1]!));
    for (const name of [...variables, 'DATABASE_URL', 'REDIS_URL', 'DEMO']) expect(section, name).toContain(`\`${name}\``);
  });
});

describe('Dockerfile', () => {
  const stages = dockerStages(read('Dockerfile'));
  const stage = (name: string) => stages.find((s) => s.name === name)!;
  const runtime = stages.at(-1)!;

  it('builds on a supported Node LTS (22 or 24) in stages, installing from the lockfile', () => {
    expect(stages.map((s) => s.name)).toEqual(['deps', 'client', 'engine-build', 'production-deps', 'runtime']);
    expect(read('Dockerfile')).toMatch(/^ARG NODE_IMAGE=node:(22|24)[-.\w]*$/m);
    for (const s of stages) expect(s.from === '${NODE_IMAGE}' || stages.some((other) => other.name === s.from)).toBe(true);
    expect(stage('deps').lines).toContain('RUN npm ci --ignore-scripts --no-audit --no-fund');
  });

  it('builds the web client and the engine in their own stages', () => {
    expect(stage('client').from).toBe('deps');
    expect(stage('client').lines).toContain('RUN npm run build -w clients');
    expect(stage('engine-build').from).toBe('deps');
    for (const workspace of ['schemas', 'projections', 'engine'])
      expect(stage('engine-build').lines).toContain(`COPY ${workspace} ${workspace}`);
    expect(stage('engine-build').lines).toContain('RUN npm run build -w engine');
  });

  it('runs the compiled engine with node on production dependencies only, as an unprivileged user, serving the built client', () => {
    expect(stage('production-deps').from).toBe('${NODE_IMAGE}');
    expect(stage('production-deps').lines).toContain(
      'RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w engine -w schemas -w projections',
    );
    // Nothing that compiles TypeScript at run time comes along.
    expect(stages.flatMap((s) => s.lines).join('\n')).not.toMatch(/tsx|esbuild/);
    expect(runtime.lines).toContain('COPY --from=production-deps /app/node_modules node_modules');
    expect(runtime.lines).toContain('COPY --from=engine-build /app/engine/dist engine/dist');
    expect(runtime.lines).toContain('COPY --from=client /app/clients/dist clients/dist');
    // engine/package.json ("type": "module") makes engine/dist's files ES modules; no TypeScript sources.
    expect(runtime.lines).toContain('COPY engine/package.json engine/');
    for (const workspace of ['schemas', 'projections', 'engine']) expect(runtime.lines).not.toContain(`COPY ${workspace} ${workspace}`);
    expect(runtime.lines).toContain('USER node');
    expect(runtime.lines.find((line) => line.startsWith('ENV'))).toContain('NODE_ENV=production');
    expect(runtime.lines.filter((line) => line.startsWith('CMD')).at(-1)).toBe(
      'CMD ["node", "--enable-source-maps", "engine/dist/server.js"]',
    );
    expect(runtime.lines.find((line) => line.startsWith('HEALTHCHECK'))).toContain('/api/health');
  });

  it('runs what `npm run start:prod` runs', () => {
    const cmd = JSON.parse(
      runtime.lines
        .filter((line) => line.startsWith('CMD'))
        .at(-1)!
        .slice(4),
    ) as string[];
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(cmd.join(' ')).toBe(scripts['start:prod']);
  });

  it('gets no local state, secrets or installed modules from the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.env', 'data', '.git']) expect(ignored).toContain(entry);
  });
});
