import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error a plain .mjs build script without types
import { SERVER_ENTRIES } from '../../../scripts/build-server.mjs';
import { MAX_IMAGE_BYTES } from '../../domain/constants';
import { MAX_RESUME_BYTES } from '../../domain/jobs';
import { CONFIG_KEYS, parseEnv } from '../env';
import { projectRoot } from '../lib/paths';

/**
 * The deployment files (README "Production") cannot run here: these checks
 * keep them naming what exists (entries, variables, routes, ports).
 */
const root = projectRoot();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const entries = Object.keys(SERVER_ENTRIES as Record<string, string>);
const entryOf = (command: string) => /dist\/server\/([\w-]+)\.js/.exec(command)?.[1];

interface Service {
  command?: string[] | string;
  user?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  image?: string;
}

const commandOf = (s: Service) =>
  Array.isArray(s.command) ? s.command : s.command ? [s.command] : [];

describe('deploy/compose.yaml', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
    services: Record<string, Service>;
  };
  const { services } = compose;

  it('has PostgreSQL, an S3-compatible store, two web servers, one runner and a proxy', () => {
    expect(services.postgres?.image).toMatch(/^postgres:1[5-9]/);
    expect(services.minio?.image).toContain('minio');
    const webs = Object.entries(services).filter(([, s]) =>
      commandOf(s).some((c) => c.endsWith('main.js')),
    );
    const runners = Object.entries(services).filter(([, s]) =>
      commandOf(s).some((c) => c.endsWith('runner.js')),
    );
    expect(webs.map(([name]) => name)).toEqual(['web1', 'web2']);
    expect(runners.map(([name]) => name)).toEqual(['runner']);
    expect(services.nginx).toBeDefined();
  });

  it('starts entries that the build makes, web servers unprivileged', () => {
    for (const [name, service] of Object.entries(services)) {
      const command = commandOf(service).join(' ');
      if (!command.includes('dist/server/')) continue;
      expect(entries, name).toContain(entryOf(command));
      if (entryOf(command) === 'main') expect(service.user, name).toBe('talentforge');
    }
  });

  it('configures every app service with variables the server knows, and valid values', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!commandOf(service).some((c) => c.includes('dist/server/'))) continue;
      const environment = service.environment ?? {};
      for (const key of Object.keys(environment))
        expect(CONFIG_KEYS, `${name}: ${key}`).toContain(key);
      const env = parseEnv(environment);
      expect(env.STORAGE_URL).toMatch(/^s3:\/\//);
      expect(env.RUNNER_MODE).toBe('separate');
      if (service.healthcheck) expect(service.healthcheck.test.join(' ')).toContain('/readyz');
    }
  });

  it('mounts the nginx example that exists', () => {
    const mount = services.nginx?.volumes?.[0]?.split(':')[0] ?? '';
    expect(read(path.join('deploy', mount))).toContain('upstream talentforge');
  });
});

describe('deploy/nginx/talentforge.conf', () => {
  const conf = read('deploy/nginx/talentforge.conf');

  it('balances the compose web servers and passes WebSockets and the client address', () => {
    expect([...conf.matchAll(/server (\w+):3000/g)].map((m) => m[1])).toEqual(['web1', 'web2']);
    expect(conf).toMatch(/location = \/api\/events \{[^}]*Upgrade \$http_upgrade/s);
    expect(conf).toContain('X-Forwarded-For');
  });

  it('lets uploads as large as the app allows through', () => {
    const [, size] = /client_max_body_size (\d+)m;/.exec(conf) ?? [];
    expect(Number(size) * 1024 * 1024).toBeGreaterThan(Math.max(MAX_IMAGE_BYTES, MAX_RESUME_BYTES));
  });
});

describe('deploy/systemd', () => {
  const unit = (file: string) => {
    const lines = read(`deploy/systemd/${file}`).split('\n');
    const values = new Map<string, string[]>();
    for (const line of lines) {
      const match = /^(\w+)=(.*)$/.exec(line);
      if (match) values.set(match[1]!, [...(values.get(match[1]!) ?? []), match[2]!]);
    }
    return values;
  };
  const variables = (values: Map<string, string[]>) =>
    (values.get('Environment') ?? []).flatMap((v) => v.split(' ').map((kv) => kv.split('=')[0]!));

  it('runs the web server unprivileged and the runner with the sandbox', () => {
    const web = unit('talentforge-web@.service');
    const runner = unit('talentforge-runner.service');
    expect(entryOf(web.get('ExecStart')?.[0] ?? '')).toBe('main');
    expect(entryOf(runner.get('ExecStart')?.[0] ?? '')).toBe('runner');
    expect(entries).toEqual(expect.arrayContaining(['main', 'runner']));
    expect(web.get('User')).toEqual(['talentforge']);
    expect(runner.get('User')).toEqual(['root']);
    for (const key of [...variables(web), ...variables(runner)]) expect(CONFIG_KEYS).toContain(key);
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');

  it('builds every entry, installs the sandbox, and runs the web server unprivileged', () => {
    expect(dockerfile).toContain('npm run build');
    expect(dockerfile).toMatch(/apt-get install[^\n]*bubblewrap[^\n]*util-linux/);
    expect(dockerfile).toContain('COPY --from=build /app/drizzle ./drizzle');
    expect(dockerfile).toMatch(/^USER talentforge$/m);
    const cmd = /^CMD (.*)$/m.exec(dockerfile)?.[1] ?? '';
    expect(entryOf(cmd)).toBe('main');
    expect(dockerfile).toContain('/healthz');
  });
});
