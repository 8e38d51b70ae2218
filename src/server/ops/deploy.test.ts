import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error a plain .mjs build script without types
import { SERVER_ENTRIES } from '../../../scripts/build-server.mjs';
import { MAX_IMAGE_BYTES } from '../../domain/constants';
import { MAX_RESUME_BYTES } from '../../domain/jobs';
import { CONFIG_KEYS, parseEnv } from '../env';
import { projectRoot } from '../lib/paths';
import { SANDBOX_PACKAGES, TOOLCHAIN_PACKAGES } from '../sandbox/host-packages';
import { RUNNER_HEARTBEAT_FILE } from './heartbeat';

/**
 * The deployment files (README "Production") cannot run here: these checks
 * keep them naming what exists (entries, variables, routes, ports).
 */
const root = projectRoot();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
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
      const check = service.healthcheck?.test.join(' ') ?? '';
      if (commandOf(service).some((c) => c.endsWith('main.js'))) expect(check).toContain('/readyz');
      else expect(check).toContain('heartbeat');
    }
  });

  it('mounts the nginx examples that exist: the server block and the compose upstreams', () => {
    const mounts = (services.nginx?.volumes ?? []).map((v) =>
      read(path.join('deploy', v.split(':')[0]!)),
    );
    expect(mounts[0]).toContain('proxy_pass http://talentforge');
    expect(mounts[1]).toContain('upstream talentforge');
  });
});

describe('deploy/nginx', () => {
  const conf = read('deploy/nginx/talentforge.conf');
  const servers = (file: string) =>
    [...read(file).matchAll(/^\s*server ([\w.]+:\d+)/gm)].map((m) => m[1]);

  it('balances the web servers listed in one place per setup, passing WebSockets and the client address', () => {
    expect(conf).not.toMatch(/^\s*server [\w.]+:\d+/m);
    expect(servers('deploy/nginx/upstream.conf')).toEqual(['127.0.0.1:3000', '127.0.0.1:3001']);
    expect(servers('deploy/nginx/upstream.compose.conf')).toEqual(['web1:3000', 'web2:3000']);
    expect(conf).toMatch(/location = \/api\/events \{[^}]*Upgrade \$http_upgrade/s);
    expect(conf).toContain('X-Forwarded-For');
  });

  it('lets uploads as large as the app allows through', () => {
    const [, size] = /client_max_body_size (\d+)m;/.exec(conf) ?? [];
    expect(Number(size) * 1024 * 1024).toBeGreaterThan(Math.max(MAX_IMAGE_BYTES, MAX_RESUME_BYTES));
  });

  it.runIf(has('nginx'))('is accepted by `nginx -t` as shipped, outside compose', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'talentforge-nginx-'));
    try {
      writeFileSync(
        path.join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n` +
          `  include ${path.join(root, 'deploy/nginx/upstream.conf')};\n` +
          `  include ${path.join(root, 'deploy/nginx/talentforge.conf')};\n}\n`,
      );
      const check = spawnSync('nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
        encoding: 'utf8',
      });
      expect(check.stderr).toContain('test is successful');
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Read by the process, not the app: glibc's malloc (docs/decisions/029). */
const PROCESS_KEYS = ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_'];

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
    for (const key of [...variables(web), ...variables(runner)]) {
      expect([...CONFIG_KEYS, ...PROCESS_KEYS]).toContain(key);
    }
  });

  it('hardens the web unit: no capabilities, read-only system, its state folder writable', () => {
    const web = unit('talentforge-web@.service');
    expect(web.get('CapabilityBoundingSet')).toEqual(['']);
    expect(web.get('ProtectSystem')).toEqual(['strict']);
    expect(web.get('ReadWritePaths')).toEqual(['/var/lib/talentforge']);
    expect(web.get('SystemCallFilter')?.[0]).toBe('@system-service');
    for (const key of ['NoNewPrivileges', 'PrivateTmp', 'ProtectHome']) {
      expect(web.get(key), key).toEqual(['true']);
    }
  });

  it('gives the runner only the root powers the sandbox uses, and lets nobody read staged files', () => {
    const runner = unit('talentforge-runner.service');
    // Checked by running the sandbox tests as root with exactly these (the unit's comments).
    expect(runner.get('CapabilityBoundingSet')?.[0]?.split(' ').sort()).toEqual([
      'CAP_CHOWN',
      'CAP_KILL',
      'CAP_SETGID',
      'CAP_SETUID',
    ]);
    expect(runner.get('ProtectSystem')).toEqual(['strict']);
    expect(runner.get('PrivateTmp')).toEqual(['true']);
    // bubblewrap's namespaces, and a fresh /proc it can only mount under a fully visible one.
    expect(runner.get('RestrictNamespaces')?.[0]?.split(' ').sort()).toEqual(
      ['cgroup', 'ipc', 'mnt', 'net', 'pid', 'user', 'uts'].sort(),
    );
    expect(runner.has('ProtectProc')).toBe(false);
    expect(runner.has('ProcSubset')).toBe(false);
    // The sandbox user (nobody) reads the staged project files: the umask keeps them readable.
    expect(Number.parseInt(runner.get('UMask')?.[0] ?? '', 8) & 0o044).toBe(0);
  });

  const copyAs = (file: string, name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'talentforge-units-'));
    writeFileSync(path.join(dir, name), read(`deploy/systemd/${file}`));
    return { dir, unitPath: path.join(dir, name) };
  };

  it.runIf(has('systemd-analyze'))('passes `systemd-analyze verify`', () => {
    for (const [file, name] of [
      ['talentforge-web@.service', 'talentforge-web@3000.service'],
      ['talentforge-runner.service', 'talentforge-runner.service'],
    ] as const) {
      const { dir, unitPath } = copyAs(file, name);
      try {
        const check = spawnSync('systemd-analyze', ['verify', unitPath], {
          encoding: 'utf8',
          cwd: dir,
        });
        expect(check.stderr, file).toBe('');
        expect(check.status, file).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it.runIf(has('systemd-analyze'))(
    'rates the web unit 3.0 or better in `systemd-analyze security`',
    () => {
      const { dir, unitPath } = copyAs('talentforge-web@.service', 'talentforge-web@3000.service');
      try {
        const check = spawnSync('systemd-analyze', ['security', '--offline=yes', unitPath], {
          encoding: 'utf8',
          cwd: dir,
        });
        const [, level] = /Overall exposure level for [^:]+: ([\d.]+)/.exec(check.stdout) ?? [];
        expect(Number(level), check.stdout.slice(-500)).toBeLessThanOrEqual(3.0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(has('systemd-analyze'))(
    'rates the runner unit 4.0 or better in `systemd-analyze security`',
    () => {
      const { dir, unitPath } = copyAs('talentforge-runner.service', 'talentforge-runner.service');
      try {
        const check = spawnSync('systemd-analyze', ['security', '--offline=yes', unitPath], {
          encoding: 'utf8',
          cwd: dir,
        });
        const [, level] = /Overall exposure level for [^:]+: ([\d.]+)/.exec(check.stdout) ?? [];
        expect(Number(level), check.stdout.slice(-500)).toBeLessThanOrEqual(4.0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');
  /** Each stage's lines, by its name (FROM ... AS name). */
  const stages = new Map<string, string[]>();
  let current = '';
  for (const line of dockerfile.replace(/\\\n/g, ' ').split('\n')) {
    const from = /^FROM (\S+)(?: AS (\S+))?/i.exec(line);
    if (from) {
      current = from[2] ?? from[1]!;
      stages.set(current, []);
      expect(from[1], 'a pinned image').toMatch(/^(?:[\w.-]+:\d+\.\d+\.\d+[\w.-]*|base|build)$/);
    }
    stages.get(current)?.push(line);
  }
  const stage = (name: string) => (stages.get(name) ?? []).join('\n');
  const ignored = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map(
      (p) =>
        new RegExp(`^${p.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(?:/|$)`),
    );

  it('builds every entry; the web stage runs unprivileged, last, with its health check', () => {
    expect(stage('build')).toContain('npm run build');
    expect(stage('base')).toContain('COPY --from=build /app/drizzle ./drizzle');
    expect([...stages.keys()].at(-1)).toBe('web');
    expect(stage('web')).toMatch(/^USER talentforge$/m);
    expect(entryOf(/^CMD (.*)$/m.exec(stage('web'))?.[1] ?? '')).toBe('main');
    expect(stage('web')).toMatch(/HEALTHCHECK .*\/healthz/);
    expect(stage('web')).not.toContain('apt-get');
  });

  it('installs in the runner stage every package the sandbox checks for, and the toolchains', () => {
    const installed = /apt-get install ([^&]*)/.exec(stage('runner'))?.[1]?.split(/\s+/) ?? [];
    for (const { name } of SANDBOX_PACKAGES) expect(installed).toContain(name);
    for (const name of TOOLCHAIN_PACKAGES) expect(installed).toContain(name);
    expect(entryOf(/^CMD (.*)$/m.exec(stage('runner'))?.[1] ?? '')).toBe('runner');
    // Its own health check: the heartbeat file, not the web port.
    expect(stage('runner')).toMatch(/HEALTHCHECK .*talentforge-runner\.heartbeat/);
    expect(RUNNER_HEARTBEAT_FILE).toMatch(/talentforge-runner\.heartbeat$/);
    expect(stage('runner')).not.toContain(':3000');
  });

  it('copies from the context only files that exist and .dockerignore lets through', () => {
    const copies = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) =>
      m[1]!.split(/\s+/),
    );
    expect(copies.length).toBeGreaterThan(2);
    for (const source of copies) {
      if (source === '.') continue;
      expect(existsSync(path.join(root, source)), source).toBe(true);
      expect(
        ignored.some((p) => p.test(source)),
        `${source} is excluded by .dockerignore`,
      ).toBe(false);
    }
    for (const secret of [
      'data/auth-secret',
      'node_modules/x',
      '.git/HEAD',
      'dist/server/main.js',
    ]) {
      expect(
        ignored.some((p) => p.test(secret)),
        secret,
      ).toBe(true);
    }
  });
});

describe('deploy/compose.yaml, as Compose v2 reads it', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
    version?: string;
    name?: string;
    services: Record<string, Service & { ports?: string[]; build?: { target?: string } }>;
  };

  it('pins every image, binds the proxy to this machine, and builds web and runner targets', () => {
    expect(compose.version).toBeUndefined();
    expect(compose.name).toBe('talentforge');
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.image, name).toMatch(/:[\w.-]+$/);
      // :latest only for the images this file builds itself.
      if (!service.build) expect(service.image, name).not.toMatch(/:latest$/);
      for (const port of service.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
    }
    expect(compose.services.web1?.build?.target).toBe('web');
    expect(compose.services.runner?.build?.target).toBe('runner');
    expect(compose.services.runner?.healthcheck?.test.join(' ')).toContain('heartbeat');
  });
});

describe('deploy/talentforge.env.example', () => {
  const example = read('deploy/talentforge.env.example');
  const keys = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);

  it('names every variable the server knows, and only those', () => {
    expect(new Set(keys)).toEqual(new Set(CONFIG_KEYS));
  });

  it('marks the required ones and is a valid production configuration once filled in', () => {
    const set = Object.fromEntries(
      [...example.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]),
    );
    for (const key of ['DATABASE_URL', 'AUTH_SECRET', 'APP_URL', 'STORAGE_URL']) {
      expect(example, key).toMatch(new RegExp(`# REQUIRED[^\n]*\n(?:#[^\n]*\n)*${key}=`));
    }
    const env = parseEnv({
      ...set,
      NODE_ENV: 'production',
      DATA_DIR: '/var/lib/talentforge/web-3000',
    });
    expect(env.RUNNER_MODE).toBe('separate');
    expect(example).toContain('without DATABASE_URL');
    expect(example).toContain('without STORAGE_URL');
  });
});
