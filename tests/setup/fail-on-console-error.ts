import { afterEach, beforeEach, vi } from 'vitest';

// A test that logs an unexpected console error fails (STYLE point 7).
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    throw new Error(
      `console.error was called:\n${errors.map((e) => e.map(String).join(' ')).join('\n')}`,
    );
  }
});
