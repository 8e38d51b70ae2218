import { describe, expect, it } from 'vitest';
import { categoryAxisWidth } from './axis-width';

describe('a bar chart category axis', () => {
  it('is wide enough for its longest label', () => {
    // 88 px (the old fixed width) cut German's "Vorstellungsgespräch" to "ellungsgespräch".
    expect(categoryAxisWidth(['Beworben', 'Vorstellungsgespräch'])).toBeGreaterThan(
      categoryAxisWidth(['Applied', 'Interview']),
    );
    expect(categoryAxisWidth(['Beworben', 'Vorstellungsgespräch'])).toBeGreaterThanOrEqual(140);
  });

  it('keeps room for the bars on a phone', () => {
    expect(categoryAxisWidth(['A very long stage name that nobody would ever use'])).toBe(160);
    expect(categoryAxisWidth([])).toBe(48);
  });
});
