import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { projectRoot } from '../lib/paths';
import { ROOT_REFUSED, rootRefusal } from './root';

const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };

describe('running as root', () => {
  it('is refused in production only, unless ALLOW_ROOT=1', () => {
    expect(rootRefusal(parseEnv(production), 0)).toBe(ROOT_REFUSED);
    expect(rootRefusal(parseEnv(production), 1000)).toBeNull();
    expect(rootRefusal(parseEnv({ ...production, ALLOW_ROOT: '1' }), 0)).toBeNull();
    expect(rootRefusal(parseEnv({ NODE_ENV: 'test' }), 0)).toBeNull();
    expect(rootRefusal(parseEnv({}), 0)).toBeNull();
  });

  it.skipIf(process.getuid?.() !== 0)(
    'stops the web server started as root in production with a clear message',
    { timeout: 60_000 },
    () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'talentforge-root-'));
      try {
        const started = spawnSync(
          process.execPath,
          ['--import', 'tsx', path.join(projectRoot(), 'src', 'server', 'main.ts')],
          {
            cwd: projectRoot(),
            env: { PATH: process.env.PATH, ...production, DATA_DIR: dataDir, PORT: '0' },
            encoding: 'utf8',
            timeout: 50_000,
          },
        );
        expect(started.status).toBe(1);
        expect(started.stderr).toContain('refuses to run the web server as root in production');
        expect(started.stderr).toContain('ALLOW_ROOT=1');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
