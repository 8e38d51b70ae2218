import { hashPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { testPasswordHashing } from './test-password-hashing';

describe('password hashing in tests', () => {
  it('verifies the password it hashed and refuses any other', async () => {
    const hash = await testPasswordHashing.hash('correct horse');
    expect(hash).not.toContain('correct horse');
    expect(await testPasswordHashing.verify({ hash, password: 'correct horse' })).toBe(true);
    expect(await testPasswordHashing.verify({ hash, password: 'correct hors' })).toBe(false);
    // Salted: the same password twice makes two hashes.
    expect(await testPasswordHashing.hash('correct horse')).not.toBe(hash);
  });

  it("still verifies better-auth's own hashes", async () => {
    const hash = await hashPassword('battery staple');
    expect(await testPasswordHashing.verify({ hash, password: 'battery staple' })).toBe(true);
    expect(await testPasswordHashing.verify({ hash, password: 'battery' })).toBe(false);
  });

  it('refuses a damaged hash', async () => {
    expect(await testPasswordHashing.verify({ hash: 'test-scrypt$', password: 'x' })).toBe(false);
  });
});
