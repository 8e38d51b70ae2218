/**
 * The messaging feature's public entry point: conversation-rows (participants, summaries,
 * events), reading, sending (browser and e-mail), conversations (starting one, read marks)
 * and notifications (the bell); what they need in messaging-deps.
 */

export { conversationForAssessment, createConversation, markRead } from './conversations';
export {
  DEFAULT_MESSAGING_LIMITS,
  type MessagingDeps,
  type MessagingLimits,
} from './messaging-deps';
export { markNotificationRead, markNotificationSent, notifications } from './notifications';
export {
  getConversation,
  listConversations,
  listMessages,
  unreadConversationCount,
} from './reading';
export { listRecipients, sendMessage, sendMessageFromEmail } from './sending';
