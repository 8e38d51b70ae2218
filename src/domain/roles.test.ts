import { describe, expect, it } from 'vitest';
import { PNG_1PX } from '../../tests/fixtures/images';
import { sniffImageType } from './images';
import { dashboardPath, initials, roleLabel } from './roles';

describe('roles', () => {
  it('sends each role to its dashboard, anything else to /', () => {
    expect(['candidate', 'recruiter', 'admin', 'owner', null].map(dashboardPath)).toEqual([
      '/candidate',
      '/recruiter',
      '/admin',
      '/',
      '/',
    ]);
  });

  it('capitalises the role for the user menu', () => {
    expect(roleLabel('recruiter')).toBe('Recruiter');
  });

  it('takes at most two initials', () => {
    expect(initials('Ada King Lovelace')).toBe('AK');
    expect(initials('  ada ')).toBe('A');
    expect(initials('')).toBe('?');
  });
});

describe('image sniffing', () => {
  it('knows an image from its bytes, not its name', () => {
    expect(sniffImageType(PNG_1PX)).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a...'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('RIFF1234WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns=...>'))).toBeNull();
  });
});
