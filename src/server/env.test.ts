import { describe, expect, it } from 'vitest';
import { CONVERSATION_START_LIMIT, MESSAGE_SEND_LIMIT } from '../domain/messaging';
import { parseEnv } from './env';

describe('configuration', () => {
  it('has working defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe('http://localhost:3000');
    expect(env.DATA_DIR).toMatch(/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names the variable that is wrong', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    expect(() => parseEnv({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });

  it('turns reply by e-mail on with INBOUND_SMTP_PORT only, its domain APP_URL’s host by default', () => {
    expect(parseEnv({ INBOUND_SMTP_PORT: '' })).toMatchObject({
      INBOUND_SMTP_PORT: undefined,
      REPLY_DOMAIN: undefined,
    });
    expect(
      parseEnv({ INBOUND_SMTP_PORT: '2525', APP_URL: 'https://jobs.example.com' }),
    ).toMatchObject({
      INBOUND_SMTP_PORT: 2525,
      INBOUND_SMTP_HOST: '127.0.0.1',
      REPLY_DOMAIN: 'jobs.example.com',
    });
    expect(parseEnv({ REPLY_DOMAIN: 'replies.example.com' }).REPLY_DOMAIN).toBe(
      'replies.example.com',
    );
    expect(() => parseEnv({ INBOUND_SMTP_TLS_CERT: '/c.pem' })).toThrow(/INBOUND_SMTP_TLS_CERT/);
    expect(() => parseEnv({ REPLY_DOMAIN: 'a b' })).toThrow(/REPLY_DOMAIN/);
  });

  it('requires a secret in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /AUTH_SECRET: required in production/,
    );
  });

  it('requires a shared secret with a PostgreSQL server, whatever NODE_ENV', () => {
    const url = 'postgres://u:p@db.example:5432/tf';
    for (const NODE_ENV of ['development', 'test']) {
      expect(() => parseEnv({ NODE_ENV, DATABASE_URL: url })).toThrow(
        /AUTH_SECRET: required with DATABASE_URL/,
      );
    }
    const secret = 's'.repeat(32);
    expect(parseEnv({ DATABASE_URL: url, AUTH_SECRET: secret }).AUTH_SECRET).toBe(secret);
    // An empty DATABASE_URL means the embedded database, which may generate its own.
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('defaults the messaging limits to the named constants', () => {
    const env = parseEnv({});
    expect(env.MESSAGE_RATE_LIMIT).toBe(MESSAGE_SEND_LIMIT.max);
    expect(env.CONVERSATION_RATE_LIMIT).toBe(CONVERSATION_START_LIMIT.max);
    expect(() => parseEnv({ MESSAGE_RATE_LIMIT: '0' })).toThrow(/MESSAGE_RATE_LIMIT/);
  });
});
