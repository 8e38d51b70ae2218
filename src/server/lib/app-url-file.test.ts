import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appUrlForTools, rememberAppUrl } from './app-url-file';

describe('appUrlForTools', () => {
  it('prints the address the server last listened on when the tool was given no PORT or APP_URL', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'app-url-'));
    const env = { APP_URL: 'http://localhost:3000', DATA_DIR: dataDir };
    expect(appUrlForTools(env, {})).toBe('http://localhost:3000');
    rememberAppUrl(dataDir, 'http://localhost:8080');
    expect(appUrlForTools(env, {})).toBe('http://localhost:8080');
    // A tool given its own address prints that one.
    expect(appUrlForTools({ ...env, APP_URL: 'http://localhost:9090' }, { PORT: '9090' })).toBe(
      'http://localhost:9090',
    );
  });
});
