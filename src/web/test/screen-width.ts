import { vi } from 'vitest';

/**
 * Makes every media query answer as a screen of that kind would: `wide` false is a phone
 * (375 px), true a desktop. Components read it through matchMedia (ResponsiveTable's
 * breakpoint); undo with vi.unstubAllGlobals().
 */
export function screenWidth(kind: 'phone' | 'wide') {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((media: string) => ({
      matches: kind === 'wide',
      media,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })),
  );
}
