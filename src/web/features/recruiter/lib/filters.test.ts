import { describe, expect, it } from 'vitest';
import { ALL_POSITIONS, effectivePosition, hiddenByFilterText, positionOptions } from './filters';

describe('the position filter', () => {
  it('offers All Positions and the roles that exist, each once, sorted', () => {
    expect(
      positionOptions([
        [{ roleName: 'Backend' }, { roleName: 'Full Stack Developer' }],
        [{ roleName: ' Backend ' }, { roleName: '' }, { roleName: 'Data Scientist' }],
      ]),
    ).toEqual([ALL_POSITIONS, 'Backend', 'Data Scientist', 'Full Stack Developer']);
  });

  it('falls back to All Positions when the remembered role is gone', () => {
    const options = [ALL_POSITIONS, 'Backend'];
    expect(effectivePosition('Backend', options)).toBe('Backend');
    expect(effectivePosition('Full Stack Developer', options)).toBe(ALL_POSITIONS);
    expect(effectivePosition(null, options)).toBe(ALL_POSITIONS);
  });

  it('says what it hides', () => {
    expect(hiddenByFilterText(0, 0)).toBeNull();
    expect(hiddenByFilterText(1, 0)).toBe('1 template hidden by the filter.');
    expect(hiddenByFilterText(2, 3)).toBe('2 templates and 3 assessments hidden by the filter.');
  });
});
