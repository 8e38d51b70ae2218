import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import {
  assessmentConversationSchema,
  conversationPageSchema,
  conversationSummarySchema,
  MESSAGING_TEXTS,
  messagableUserSchema,
  messagePageSchema,
  messageSchema,
  newConversationSchema,
  notificationsSchema,
  sendMessageSchema,
  unreadCountSchema,
} from '../../../domain/messaging';
import {
  createRouter,
  errorResponses,
  idParam,
  jsonBody,
  jsonContent,
  requireActor,
  signedIn,
} from '../../lib/http';
import {
  conversationForAssessment,
  createConversation,
  getConversation,
  listConversations,
  listMessages,
  listRecipients,
  type MessagingDeps,
  markNotificationRead,
  markRead,
  notifications,
  sendMessage,
  unreadConversationCount,
} from './messaging.service';

const errors = { ...errorResponses, 404: jsonContent(errorSchema, 'Conversation not found') };
const seq = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const limit = z.coerce.number().int().min(1).max(100);

const list = createRoute({
  method: 'get',
  path: '/api/conversations',
  tags: ['Messaging'],
  summary: "The user's conversations, newest activity first, paged by cursor",
  request: {
    query: z.object({ cursor: z.string().max(200).optional(), limit: limit.optional() }),
  },
  responses: { 200: jsonContent(conversationPageSchema, 'A page of conversations'), ...errors },
});
const unread = createRoute({
  method: 'get',
  path: '/api/conversations/unread-count',
  tags: ['Messaging'],
  summary: 'How many conversations are unread for the user',
  responses: { 200: jsonContent(unreadCountSchema, 'The unread count'), ...errors },
});
const recipients = createRoute({
  method: 'get',
  path: '/api/conversations/recipients',
  tags: ['Messaging'],
  summary:
    'Who the user may start a conversation with: everyone (admin), candidates (recruiter), their assigned recruiters (candidate)',
  responses: { 200: jsonContent(z.array(messagableUserSchema), 'Users'), ...errors },
});
const create = createRoute({
  method: 'post',
  path: '/api/conversations',
  tags: ['Messaging'],
  summary:
    'Start a conversation. Body: {recipientIds, subject, message, clientId?}; a repeated clientId answers with the conversation it made',
  middleware: [signedIn(MESSAGING_TEXTS.mustBeLoggedIn)] as const,
  request: { body: jsonBody(newConversationSchema) },
  responses: {
    201: jsonContent(conversationSummarySchema, 'Created'),
    200: jsonContent(conversationSummarySchema, 'Already created by an earlier try'),
    ...errors,
    429: jsonContent(
      errorSchema,
      'Too many conversations started; the message says how long to wait',
    ),
  },
});
const read = createRoute({
  method: 'get',
  path: '/api/conversations/{id}',
  tags: ['Messaging'],
  summary: 'One conversation (participants; admins may read any)',
  request: { params: idParam },
  responses: { 200: jsonContent(conversationSummarySchema, 'The conversation'), ...errors },
});
const messages = createRoute({
  method: 'get',
  path: '/api/conversations/{id}/messages',
  tags: ['Messaging'],
  summary: 'A page of messages, oldest first: the newest, or those before/after a seq',
  request: {
    params: idParam,
    query: z.object({ before: seq.optional(), after: seq.optional(), limit: limit.optional() }),
  },
  responses: { 200: jsonContent(messagePageSchema, 'Messages'), ...errors },
});
const send = createRoute({
  method: 'post',
  path: '/api/conversations/{id}/messages',
  tags: ['Messaging'],
  summary:
    'Send a message (participants). Body: {clientId, content}; a repeated clientId answers with the stored message',
  middleware: [signedIn()] as const,
  request: { params: idParam, body: jsonBody(sendMessageSchema) },
  responses: {
    201: jsonContent(messageSchema, 'Sent'),
    200: jsonContent(messageSchema, 'Already sent by an earlier try'),
    ...errors,
    409: jsonContent(errorSchema, 'The client id belongs to another conversation'),
    429: jsonContent(errorSchema, 'Too many messages sent; the message says how long to wait'),
  },
});
const markAsRead = createRoute({
  method: 'post',
  path: '/api/conversations/{id}/read',
  tags: ['Messaging'],
  summary: 'Mark the conversation read for the user',
  request: { params: idParam },
  responses: { 204: { description: 'Marked read' }, ...errors },
});
const bell = createRoute({
  method: 'get',
  path: '/api/notifications',
  tags: ['Messaging'],
  summary: 'The bell: unread conversations and unopened assessment invitations',
  responses: { 200: jsonContent(notificationsSchema, 'Notifications'), ...errors },
});

const readNotification = createRoute({
  method: 'post',
  path: '/api/notifications/{id}/read',
  tags: ['Messaging'],
  summary: 'Mark one of the bell items about an assessment read (own items only)',
  request: { params: idParam },
  responses: { 204: { description: 'Marked read' }, ...errors },
});
const aboutAssessment = createRoute({
  method: 'get',
  path: '/api/assessments/{id}/conversation',
  tags: ['Messaging'],
  summary:
    'The conversation about this assessment the user takes part in (newest), or null: Message Recruiter reopens it',
  request: { params: idParam },
  responses: {
    200: jsonContent(assessmentConversationSchema, 'The conversation id or null'),
    ...errors,
  },
});

export function messagingRoutes(deps: MessagingDeps) {
  return createRouter()
    .openapi(list, async (c) =>
      c.json(await listConversations(deps, requireActor(c), c.req.valid('query')), 200),
    )
    .openapi(unread, async (c) => c.json(await unreadConversationCount(deps, requireActor(c)), 200))
    .openapi(recipients, async (c) => c.json(await listRecipients(deps, requireActor(c)), 200))
    .openapi(create, async (c) => {
      const result = await createConversation(deps, requireActor(c), c.req.valid('json'));
      return result.created ? c.json(result.conversation, 201) : c.json(result.conversation, 200);
    })
    .openapi(read, async (c) =>
      c.json(await getConversation(deps, requireActor(c), c.req.valid('param').id), 200),
    )
    .openapi(messages, async (c) =>
      c.json(
        await listMessages(deps, requireActor(c), c.req.valid('param').id, c.req.valid('query')),
        200,
      ),
    )
    .openapi(send, async (c) => {
      const result = await sendMessage(
        deps,
        requireActor(c),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return result.created ? c.json(result.message, 201) : c.json(result.message, 200);
    })
    .openapi(markAsRead, async (c) => {
      await markRead(deps, requireActor(c), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(bell, async (c) => c.json(await notifications(deps, requireActor(c)), 200))
    .openapi(readNotification, async (c) => {
      await markNotificationRead(deps, requireActor(c), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(aboutAssessment, async (c) =>
      c.json(await conversationForAssessment(deps, requireActor(c), c.req.valid('param').id), 200),
    );
}
