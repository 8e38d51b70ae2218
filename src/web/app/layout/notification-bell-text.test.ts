import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '../../../domain/messaging';
import { i18n } from '../../lib/i18n';
import {
  badgeText,
  bellLabel,
  notificationHref,
  notificationTitle,
} from './notification-bell-text';

const t = i18n.getFixedT('en', 'common');

const message: NotificationItem = {
  kind: 'message',
  conversationId: 'c 1',
  subject: 'Re: Frontend task',
  from: 'Rita Recruiter',
  preview: 'Hello',
  at: '2030-01-01T00:00:00.000Z',
};
const invitation: NotificationItem = {
  kind: 'invitation',
  assessmentId: 'a1',
  title: 'Frontend task',
  from: 'Rita Recruiter',
  at: '2030-01-01T00:00:00.000Z',
};

const submitted: NotificationItem = {
  kind: 'assessment',
  id: 'n1',
  event: 'submitted',
  assessmentId: 'a 1',
  title: 'Backend task',
  from: 'Casey Candidate',
  at: '2030-01-01T00:00:00.000Z',
};

describe('badgeText', () => {
  it('shows no badge at 0', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
  });

  it('shows the count up to 9 and 9+ above', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });
});

describe('bellLabel', () => {
  it('names the bell with the real count', () => {
    expect(bellLabel(t, 0)).toBe('Notifications');
    expect(bellLabel(t, 3)).toBe('Notifications (3 unread)');
    expect(bellLabel(t, 12)).toBe('Notifications (12 unread)');
  });
});

describe('notificationHref and notificationTitle', () => {
  it('sends a message to its conversation under its subject', () => {
    expect(notificationHref(message)).toBe('/messages/conversation/c%201');
    expect(notificationTitle(t, message)).toBe('Re: Frontend task');
  });

  it('sends an invitation to its assessment as New assessment: title', () => {
    expect(notificationHref(invitation)).toBe('/assessment/a1');
    expect(notificationTitle(t, invitation)).toBe('New assessment: Frontend task');
  });

  it("sends a submission to the recruiter's review, a score to the assessment", () => {
    expect(notificationHref(submitted)).toBe('/recruiter/results?assessment=a%201');
    expect(notificationTitle(t, submitted)).toBe('Submitted: Backend task');
    const scored = { ...submitted, event: 'scored' as const };
    expect(notificationHref(scored)).toBe('/assessment/a%201');
    expect(notificationTitle(t, scored)).toBe('Reviewed: Backend task');
    expect(notificationTitle(t, { ...submitted, event: 'due-date' })).toBe(
      'New due date: Backend task',
    );
  });
});
