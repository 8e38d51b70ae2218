import { CONVERSATION_START_LIMIT, MESSAGE_SEND_LIMIT } from '../../../domain/messaging';
import type { Db } from '../../db/client';
import type { Limit } from '../../lib/usage-limit';
import type { Mailer } from '../../mail/outbox';
import type { EventBus } from '../../realtime/event-bus';

export interface MessagingLimits {
  messages: Limit;
  conversations: Limit;
}

export const DEFAULT_MESSAGING_LIMITS: MessagingLimits = {
  messages: MESSAGE_SEND_LIMIT,
  conversations: CONVERSATION_START_LIMIT,
};

export interface MessagingDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  appUrl: string;
  /** Per-user abuse limits; the spec's defaults when omitted. */
  limits?: MessagingLimits;
}
