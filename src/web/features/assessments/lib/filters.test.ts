import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { ALL_POSITIONS, effectivePosition, hiddenByFilterText, positionOptions } from './filters';

describe('the position filter', () => {
  beforeAll(async () => {
    await i18n.loadNamespaces('recruiter');
    await i18n.loadLanguages('de');
  });

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
    const en = i18n.getFixedT('en', 'recruiter');
    expect(hiddenByFilterText(en, 0, 0)).toBeNull();
    expect(hiddenByFilterText(en, 1, 0)).toBe('1 template hidden by the filter.');
    expect(hiddenByFilterText(en, 0, 1)).toBe('1 assessment hidden by the filter.');
    expect(hiddenByFilterText(en, 2, 3)).toBe(
      '2 templates and 3 assessments hidden by the filter.',
    );
    const de = i18n.getFixedT('de', 'recruiter');
    expect(hiddenByFilterText(de, 2, 1)).toBe(
      'Durch den Filter ausgeblendet: 2 Vorlagen und 1 Assessment.',
    );
  });
});
