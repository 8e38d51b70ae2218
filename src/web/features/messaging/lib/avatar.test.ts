import { describe, expect, it } from 'vitest';
import { AVATAR_TONES, avatarInitial, avatarTone } from './avatar';

describe('avatarInitial', () => {
  it('takes the first letter, upper-cased', () => {
    expect(avatarInitial('ann lee')).toBe('A');
    expect(avatarInitial('  Émile')).toBe('É');
  });

  it('keeps a character outside the basic plane whole', () => {
    expect(avatarInitial('😀 Smiley')).toBe('😀');
  });

  it("is '?' for an empty name", () => {
    expect(avatarInitial('')).toBe('?');
    expect(avatarInitial('   ')).toBe('?');
  });
});

describe('avatarTone', () => {
  it('gives a name the same hue every time', () => {
    expect(avatarTone('Ann Lee')).toBe(avatarTone('Ann Lee'));
    expect(AVATAR_TONES).toContain(avatarTone('Ann Lee'));
  });

  it('spreads different names over several hues', () => {
    const names = ['Ann', 'Bob', 'Cleo', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo'];
    expect(new Set(names.map(avatarTone)).size).toBeGreaterThan(2);
  });
});
