import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeStagedFiles } from './grader';

describe('writeStagedFiles', () => {
  let dir: string;
  let umask: number;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'staged-'));
    // What the runner's systemd unit once set: the sandbox's user could then read nothing.
    umask = process.umask(0o077);
  });
  afterEach(async () => {
    process.umask(umask);
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves folders 0755 and files 0644 whatever the umask', async () => {
    const root = path.join(dir, 'run');
    await writeStagedFiles(root, [
      { path: 'src/auth/policy.ts', content: 'export {};' },
      { path: 'README.md', content: '# Hi' },
    ]);
    const mode = async (p: string) => (await stat(path.join(root, p))).mode & 0o777;
    expect(await mode('.')).toBe(0o755);
    expect(await mode('src')).toBe(0o755);
    expect(await mode('src/auth')).toBe(0o755);
    expect(await mode('src/auth/policy.ts')).toBe(0o644);
    expect(await mode('README.md')).toBe(0o644);
  });

  it('skips a path that would leave the run folder', async () => {
    const root = path.join(dir, 'run');
    await writeStagedFiles(root, [{ path: '../outside.txt', content: 'x' }]);
    await expect(stat(path.join(dir, 'outside.txt'))).rejects.toThrow();
  });
});
