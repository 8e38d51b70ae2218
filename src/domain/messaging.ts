import { z } from 'zod';
import type { Role } from './constants';
import { idSchema } from './inputs';

/** Messaging texts quoted by the spec (sections 2, 5 and 8), verbatim. */
export const MESSAGING_TEXTS = {
  messages: 'Messages',
  newMessage: 'New Message',
  noConversations: 'No conversations',
  selectConversation: 'Select a conversation or start a new one',
  noConversationsYet: 'No conversations yet',
  noneStarted: "You haven't started any conversations",
  startConversation: 'Start a conversation',
  hideInbox: 'Hide Inbox',
  showInbox: 'Show Inbox',
  justNow: 'Just now',
  you: 'You',
  viaEmail: 'via Email',
  typeMessage: 'Type your message...',
  send: 'Send',
  sending: 'Sending...',
  sendMessage: 'Send Message',
  cancel: 'Cancel',
  backToMessages: 'Back to Messages',
  conversationNotFound: 'Conversation not found',
  selectRecipient: 'Please select at least one recipient',
  enterSubject: 'Please enter a subject',
  enterMessage: 'Please enter a message',
  mustBeLoggedIn: 'You must be logged in to create conversations',
  candidatesOnlyAssigned: 'Candidates can only message their assigned recruiters',
  recruitersOnlyCandidates: 'Recruiters can only start conversations with candidates',
  notParticipant: 'You are not a participant in this conversation',
  userNotFound: 'User document not found',
  createFailed: 'Failed to create conversation',
  loadingUsers: 'Loading users...',
  noMatchingUsers: 'No matching users found',
  noAssignedRecruiters: "You don't have any assigned recruiters yet.",
  noAssignedRecruitersHint:
    "Once you're assigned to a recruiter, you'll be able to message them here.",
  noUsersAvailable: 'No users available to message.',
  unknownUser: 'Unknown User',
} as const;

/** Error texts with a reason appended, as spec section 8 words them. */
export const messagingFailure = {
  loadConversation: (reason: string) => `Failed to load conversation: ${reason}`,
  send: (reason: string) => `Failed to send message: ${reason}`,
  loadUsers: (reason: string) => `Failed to load users: ${reason}`,
} as const;

// --- limits -------------------------------------------------------------------

/** Spec section 9: the e-mail notification carries the first 100 characters. */
export const PREVIEW_LENGTH = 100;
export const MAX_MESSAGE_LENGTH = 10_000;
export const MAX_SUBJECT_LENGTH = 200;
export const MAX_RECIPIENTS = 50;
/** Messages per page of a conversation; older ones load on scrolling up. */
export const MESSAGE_PAGE_SIZE = 50;
/** Conversations per page of the inbox. */
export const CONVERSATION_PAGE_SIZE = 30;

/**
 * Abuse limits per user, counted in the database so that every server shares
 * them: messages sent (replies and first messages alike) and conversations
 * started, each in a fixed window.
 */
export const MESSAGE_SEND_LIMIT = { max: 30, windowSeconds: 60 } as const;
export const CONVERSATION_START_LIMIT = { max: 20, windowSeconds: 10 * 60 } as const;
/**
 * E-mail for new messages: the first one to a recipient in a conversation is
 * mailed at once; later ones within this window fold into one digest mail per
 * conversation and recipient, sent when the window ends.
 */
export const MESSAGE_DIGEST_WINDOW_SECONDS = 5 * 60;

/** What a refused flood is told (HTTP 429), with the wait until the window reopens. */
export const limitTexts = {
  messages: (seconds: number) =>
    `You are sending messages too quickly. Please wait ${waitText(seconds)} and try again.`,
  conversations: (seconds: number) =>
    `You have started too many conversations in a short time. Please wait ${waitText(seconds)} and try again.`,
} as const;

function waitText(seconds: number) {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

// --- rules (spec sections 4-6) ------------------------------------------------

/** The first 100 characters of a message, as the notification record keeps it. */
export const messagePreview = (content: string) =>
  Array.from(content).slice(0, PREVIEW_LENGTH).join('');

/**
 * Who may start a conversation with whom: admins anyone; recruiters
 * candidates; candidates only the recruiters assigned to them. Replies in an
 * existing conversation only need the sender to be a participant.
 */
export function mayStartConversation(
  sender: Role,
  recipient: { role: Role | 'unknown'; assignedToSender: boolean },
): boolean {
  if (sender === 'admin') return recipient.role !== 'unknown';
  if (sender === 'recruiter') return recipient.role === 'candidate';
  return recipient.role === 'recruiter' && recipient.assignedToSender;
}

/** The error a refused recipient gets, per the sender's role. */
export const refusalText = (sender: Role) =>
  sender === 'candidate'
    ? MESSAGING_TEXTS.candidatesOnlyAssigned
    : sender === 'recruiter'
      ? MESSAGING_TEXTS.recruitersOnlyCandidates
      : MESSAGING_TEXTS.userNotFound;

/** Spec: the unread count is the number of conversations listing the user as unread. */
export const unreadCount = (conversations: readonly { unread: boolean }[]) =>
  conversations.filter((c) => c.unread).length;

/** 'With: names' lists the other participants; the viewer is left out. */
export function otherNames(
  participants: readonly { id: string; displayName: string }[],
  viewerId: string,
): string {
  const others = participants.filter((p) => p.id !== viewerId);
  return (others.length > 0 ? others : participants).map((p) => p.displayName).join(', ');
}

/** Case-insensitive match on display name or e-mail (the compose search). */
export function matchesUser(user: { displayName: string; email: string }, query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return user.displayName.toLowerCase().includes(q) || user.email.toLowerCase().includes(q);
}

// --- inputs -------------------------------------------------------------------

const trimmedRequired = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** A client-generated id for a message, so that a retried send is recognised. */
export const clientIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'The message id must be 8 to 64 letters, digits, - or _');

/** New message input (spec section 3): recipients, subject, body. */
export const newConversationSchema = z.object({
  recipientIds: z
    .array(idSchema, { error: MESSAGING_TEXTS.selectRecipient })
    .min(1, MESSAGING_TEXTS.selectRecipient)
    .max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} recipients`),
  subject: trimmedRequired(MESSAGING_TEXTS.enterSubject, MAX_SUBJECT_LENGTH),
  message: trimmedRequired(MESSAGING_TEXTS.enterMessage, MAX_MESSAGE_LENGTH),
  clientId: clientIdSchema.optional(),
  /** Started from an assessment (Message Recruiter / Message Candidate): linked to it. */
  assessmentId: z.string().min(1).max(100).optional(),
});
export type NewConversationInput = z.input<typeof newConversationSchema>;
export type NewConversation = z.output<typeof newConversationSchema>;

export const sendMessageSchema = z.object({
  clientId: clientIdSchema,
  content: trimmedRequired(MESSAGING_TEXTS.enterMessage, MAX_MESSAGE_LENGTH),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;
export type SendMessage = z.output<typeof sendMessageSchema>;

// --- answers ------------------------------------------------------------------

export const participantRoleSchema = z.enum(['candidate', 'recruiter', 'admin', 'unknown']);

/** Participant info, derived at read time; a deleted user is 'Unknown User'. */
export const participantSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  role: participantRoleSchema,
  email: z.string(),
});
export type Participant = z.infer<typeof participantSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  participants: z.array(participantSchema),
  createdAt: z.string(),
  lastMessage: z.string(),
  lastMessageAt: z.string(),
  lastSenderId: z.string().nullable(),
  /** Whether the viewer has not read the newest message. */
  unread: z.boolean(),
  /** Whether the viewer takes part (admins may read others' conversations). */
  isParticipant: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationPageSchema = z.object({
  items: z.array(conversationSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

export const messageSchema = z.object({
  id: z.string(),
  clientId: z.string().nullable(),
  conversationId: z.string(),
  /** Order within the conversation; the paging cursor. */
  seq: z.number().int(),
  content: z.string(),
  senderId: z.string().nullable(),
  senderName: z.string(),
  fromEmail: z.boolean(),
  createdAt: z.string(),
  /** Participants who have read it (the sender included). */
  readBy: z.array(z.string()),
});
export type Message = z.infer<typeof messageSchema>;

/** A page of messages, oldest first. */
export const messagePageSchema = z.object({
  items: z.array(messageSchema),
  /** More messages exist beyond this page in the requested direction. */
  hasMore: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const messagableUserSchema = participantSchema.extend({
  role: z.enum(['candidate', 'recruiter', 'admin']),
});
export type MessagableUser = z.infer<typeof messagableUserSchema>;

/** The conversation started about an assessment, if the viewer has one. */
export const assessmentConversationSchema = z.object({ conversationId: z.string().nullable() });

export const unreadCountSchema = z.object({ count: z.number().int() });

export const ASSESSMENT_NOTIFICATION_EVENTS = ['submitted', 'scored', 'due-date'] as const;
export type AssessmentNotificationEvent = (typeof ASSESSMENT_NOTIFICATION_EVENTS)[number];

export const notificationItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    conversationId: z.string(),
    subject: z.string(),
    from: z.string(),
    preview: z.string(),
    at: z.string(),
  }),
  z.object({
    kind: z.literal('invitation'),
    assessmentId: z.string(),
    title: z.string(),
    from: z.string(),
    at: z.string(),
  }),
  /** A stored notification about an assessment: submitted, scored, due date moved. */
  z.object({
    kind: z.literal('assessment'),
    id: z.string(),
    event: z.enum(ASSESSMENT_NOTIFICATION_EVENTS),
    assessmentId: z.string(),
    title: z.string(),
    from: z.string(),
    at: z.string(),
  }),
  /** An invitation to apply to a job (Find Candidates), unread until opened. */
  z.object({
    kind: z.literal('job-invitation'),
    id: z.string(),
    jobId: z.string(),
    title: z.string(),
    from: z.string(),
    at: z.string(),
  }),
]);
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** The bell: unread conversations, unopened assessment invitations, assessment news. */
export const notificationsSchema = z.object({
  count: z.number().int(),
  unreadConversations: z.number().int(),
  unopenedInvitations: z.number().int(),
  unreadAssessmentNews: z.number().int(),
  unreadJobInvitations: z.number().int(),
  items: z.array(notificationItemSchema),
});
export type Notifications = z.infer<typeof notificationsSchema>;

/** The e-mail notification record (spec section 3), one per message and other participant. */
export const emailNotificationSchema = z.object({
  recipientId: z.string().nullable(),
  recipientEmail: z.string(),
  messagePreview: z.string(),
  sent: z.boolean(),
  timestamp: z.string(),
});
export type EmailNotification = z.infer<typeof emailNotificationSchema>;
