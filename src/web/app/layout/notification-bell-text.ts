import type { TFunction } from 'i18next';
import type { NotificationItem } from '../../../domain/messaging';

/** The badge on the bell: nothing at 0, the count up to 9, then '9+'. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/**
 * The bell's accessible name carries the count the badge shows to sighted users
 * (`t` of the common catalogue).
 */
export function bellLabel(t: TFunction, count: number): string {
  return count > 0 ? t('bell.labelUnread', { count }) : t('bell.label');
}

/** Where an item of the dropdown leads: a submission to the recruiter's review. */
export function notificationHref(item: NotificationItem): string {
  if (item.kind === 'message') {
    return `/messages/conversation/${encodeURIComponent(item.conversationId)}`;
  }
  if (item.kind === 'job-invitation') return `/candidate/jobs/${encodeURIComponent(item.jobId)}`;
  if (item.kind === 'assessment' && item.event === 'submitted') {
    return `/recruiter/results?assessment=${encodeURIComponent(item.assessmentId)}`;
  }
  return `/assessment/${encodeURIComponent(item.assessmentId)}`;
}

const EVENT_TITLES = {
  submitted: 'bell.submitted',
  scored: 'bell.scored',
  'due-date': 'bell.dueDate',
} as const;

/**
 * An item's first line: the conversation's subject, or what happened to which assessment
 * (`t` of the common catalogue).
 */
export function notificationTitle(t: TFunction, item: NotificationItem): string {
  if (item.kind === 'message') return item.subject;
  if (item.kind === 'invitation') return t('bell.newAssessment', { title: item.title });
  if (item.kind === 'job-invitation') return t('bell.invitedToApply', { title: item.title });
  return t(EVENT_TITLES[item.event], { title: item.title });
}

/** A stable React key per item. */
export function notificationKey(item: NotificationItem): string {
  if (item.kind === 'message') return `m:${item.conversationId}`;
  if (item.kind === 'invitation') return `i:${item.assessmentId}`;
  if (item.kind === 'job-invitation') return `j:${item.id}`;
  return `n:${item.id}`;
}
