import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/paths';

/**
 * deploy/compose.yaml as dclint reads it (issue 32, item 1): the Compose v2 schema and its
 * rules (pinned tags, build or image with pull_policy, quoted ports, order), warnings included.
 * `npm run lint:compose` runs the same check.
 */
const root = projectRoot();

function dclint(file: string) {
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/dclint/bin/dclint.cjs'), file, '-f', 'json'],
    { cwd: root, encoding: 'utf8' },
  );
  const [report] = JSON.parse(run.stdout) as {
    messages: { rule: string; type: string; message: string; line: number }[];
  }[];
  return report?.messages.map((m) => `${m.line} ${m.type} ${m.rule}: ${m.message}`);
}

describe('deploy/compose.yaml', () => {
  it('is dclint-clean: no errors, no warnings', () => {
    expect(dclint('deploy/compose.yaml')).toEqual([]);
  });
});
