import { createHash } from 'node:crypto';
import type { TestLanguage } from '../../domain/test-runs';
import { DRIVERS } from './drivers';
import { detectSandbox } from './host';
import type { SandboxLimits } from './limits';
import { newRunContext } from './pass';
import type { SandboxFile } from './types';

/** A trusted list of a project's tests: each pass's test paths, from its original files. */
interface Enumeration {
  visible: string[][];
  hidden: string[][];
}

/** Enumerations of reference projects (keyed by a hash of their files), made once per server process. */
const enumerations = new Map<string, Promise<Enumeration | { error: string }>>();
const ENUMERATION_CACHE = 200;

function referenceKey(files: SandboxFile[]): string {
  const hash = createHash('sha256');
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(`${f.hidden ? 'H' : 'V'}\0${f.path}\0${f.content.length}\0${f.content}\0`);
  }
  return hash.digest('hex');
}

/**
 * Lists the tests of the reference project (the template's files as copied
 * on assign, and its hidden tests) without running any of them: the same
 * sandbox, compile and passes, with a test-name pattern that matches nothing,
 * so node reports every declared test as skipped. No candidate code is
 * present; only the template's own modules are loaded.
 */
export function enumerate(reference: SandboxFile[], limits: SandboxLimits, language: TestLanguage) {
  const k = `${language}:${referenceKey(reference)}`;
  let known = enumerations.get(k);
  if (!known) {
    known = (async () => {
      const status = detectSandbox();
      const ctx = await newRunContext('enumerate', status.mode, limits);
      try {
        const executed = await DRIVERS[language].execute(ctx, reference, { enumerate: true });
        if (executed.early) {
          return {
            error: `${executed.early.status}${executed.early.note ? `: ${executed.early.note}` : ''}`,
          };
        }
        const list: Enumeration = { visible: [], hidden: [] };
        for (const pass of executed.passes) {
          if (pass.stopped) return { error: pass.stopped.note ?? pass.stopped.status };
          if (pass.result.code !== 0) {
            return {
              error: `listing the tests ended with ${pass.result.signal ?? `exit code ${pass.result.code}`}`,
            };
          }
          list[pass.hidden ? 'hidden' : 'visible'].push(...pass.cases.map((c) => c.path));
        }
        return list;
      } finally {
        await ctx.cgroup?.destroy();
      }
    })();
    enumerations.set(k, known);
    // A failed listing (a limit hit on a busy machine) is tried again next time.
    void known.then((r) => {
      if ('error' in r) enumerations.delete(k);
    });
    if (enumerations.size > ENUMERATION_CACHE) {
      const oldest = enumerations.keys().next().value;
      if (oldest !== undefined) enumerations.delete(oldest);
    }
  }
  return known;
}
