import { describe, expect, it } from 'vitest';
import { HIRING_LIMIT_TEXTS, waitText } from './hiring-limits';

describe('waitText', () => {
  it('rounds up to seconds, minutes or hours', () => {
    expect(waitText(0)).toBe('1 second');
    expect(waitText(1.2)).toBe('2 seconds');
    expect(waitText(59)).toBe('59 seconds');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(3600)).toBe('1 hour');
    expect(waitText(3601)).toBe('2 hours');
    expect(waitText(86_400)).toBe('24 hours');
  });

  it('says how long to wait in every refusal', () => {
    expect(HIRING_LIMIT_TEXTS.applications(90)).toBe(
      'You have sent many applications in a short time. Please wait 2 minutes before applying again.',
    );
    expect(HIRING_LIMIT_TEXTS.invitationsReceived(7200)).toContain('try again in 2 hours');
  });
});
