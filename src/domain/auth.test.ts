import { describe, expect, it } from 'vitest';
import { newPasswordSchema, signUpSchema } from './auth';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'secret',
  confirmPassword: 'secret',
  role: 'candidate',
};
const messages = (input: unknown) => {
  const result = signUpSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('sign-up rules (spec section 5)', () => {
  it('accepts a complete form with a six-character password', () => {
    expect(messages(valid)).toEqual([]);
  });

  it('says when the passwords do not match', () => {
    expect(messages({ ...valid, confirmPassword: 'secreT' })).toEqual([
      'confirmPassword: Passwords do not match',
    ]);
  });

  it('requires at least 6 characters', () => {
    expect(messages({ ...valid, password: '12345', confirmPassword: '12345' })).toEqual([
      'password: Password must be at least 6 characters',
    ]);
  });

  it('requires every field', () => {
    expect(messages({ name: '', email: '', password: '', confirmPassword: '' })).toEqual([
      'name: Full name is required',
      'email: Email is required',
      'password: Password is required',
      'password: Password must be at least 6 characters',
      'confirmPassword: Please confirm your password',
      'role: Please choose an account type',
    ]);
  });

  it('offers only candidate and recruiter', () => {
    expect(messages({ ...valid, role: 'admin' })).toEqual(['role: Please choose an account type']);
  });

  it('applies the same rules to a new password', () => {
    expect(
      newPasswordSchema.safeParse({ password: 'abcdef', confirmPassword: 'abcdeg' }).success,
    ).toBe(false);
    expect(
      newPasswordSchema.safeParse({ password: 'abcdef', confirmPassword: 'abcdef' }).success,
    ).toBe(true);
  });
});
