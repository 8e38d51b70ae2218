import { TEST_LANGUAGES, type TestLanguage } from '../../domain/test-runs';
import { DRIVERS } from './drivers';

/**
 * The languages a template's tests may be written in, as this server sees them. Each
 * language's run is its driver (drivers/); the harness's signed result lines are
 * drivers/harness.ts, re-exported here for the features and tests that import them.
 */

export { goPackageDirs, parseGoJson } from './drivers/go';
export {
  guardEarlyExit,
  newHarnessKey,
  parseResultRecords,
  type ResultDone,
  signResultLine,
} from './drivers/harness';

/** Why a language's tests cannot run on this server (its toolchain is missing), or null. */
export function toolchainMissing(language: TestLanguage): string | null {
  return DRIVERS[language].missing();
}

/** Which languages this server can run (the Integrations page). */
export function runnableLanguages(): Record<TestLanguage, boolean> {
  return Object.fromEntries(TEST_LANGUAGES.map((l) => [l, toolchainMissing(l) === null])) as Record<
    TestLanguage,
    boolean
  >;
}
