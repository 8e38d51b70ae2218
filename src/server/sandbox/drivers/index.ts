import type { TestLanguage } from '../../../domain/test-runs';
import type { Driver } from '../types';
import { goDriver } from './go';
import { javaDriver } from './java';
import { nodeDriver } from './node';
import { pythonDriver } from './python';

/** One driver per language a template's tests may be written in (adding one: a driver here). */
export const DRIVERS: Record<TestLanguage, Driver> = {
  node: nodeDriver,
  python: pythonDriver,
  go: goDriver,
  java: javaDriver,
};
