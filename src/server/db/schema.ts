import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SampleProject, Task, TemplateTask } from '../../domain/assessments';
import type { ProfileDetails } from '../../domain/profile';
import { created, ts, updated } from './columns';
import { department } from './schema-departments';

// --- better-auth's tables (field names are the ones better-auth expects) -----

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: created(),
    updatedAt: updated(),
    // admin plugin
    role: text('role').notNull().default('candidate'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: ts('ban_expires'),
    // twoFactor plugin
    twoFactorEnabled: boolean('two_factor_enabled').default(false),
    /** The language the user chose (src/domain/languages); null: never chose. */
    language: text('language'),
  },
  (t) => [
    check('user_role_check', sql`${t.role} in ('candidate', 'recruiter', 'admin')`),
    check('user_language_check', sql`${t.language} in ('en', 'fr', 'de', 'es', 'ja')`),
    index('user_role_idx').on(t.role),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: created(),
    updatedAt: updated(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

/**
 * Relations for better-auth's joined reads (advanced.database.joins): the
 * session check on every request is one query for the session and its user.
 */
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// --- the product's own tables ----------------------------------------------

/** Role-specific profile fields (spec section 3), one row per user. */
export const profile = pgTable('profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  details: jsonb('details').$type<ProfileDetails>().notNull(),
  /** Bumped on each new photo so the image URL changes and caches refresh. */
  imageVersion: integer('image_version').notNull().default(0),
  updatedAt: updated(),
});

/** Mail waiting to be delivered; written with the change that causes it. */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: created(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

// --- assessments ---------------------------------------------------------------

/** Admin settings that take effect (key → JSON value). */
export const setting = pgTable('setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updated(),
});

export const assessmentTemplate = pgTable(
  'assessment_template',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    roleName: text('role_name').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** Recruiter ids; empty means every recruiter. */
    authorizedRecruiters: jsonb('authorized_recruiters').$type<string[]>().notNull().default([]),
    durationHours: integer('duration_hours').notNull().default(2),
    tasks: jsonb('tasks').$type<TemplateTask[]>().notNull().default([]),
    project: jsonb('project').$type<SampleProject>().notNull(),
    /** Departments feature; null for templates made before it until an admin picks one. */
    departmentId: text('department_id').references(() => department.id, { onDelete: 'restrict' }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('assessment_template_department_idx').on(t.departmentId)],
);

export const assessment = pgTable(
  'assessment',
  {
    id: text('id').primaryKey(),
    templateId: text('template_id').references(() => assessmentTemplate.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    roleName: text('role_name').notNull(),
    description: text('description').notNull().default(''),
    /** Null once the candidate erased their account: the assessment stays, anonymised (015). */
    candidateId: text('candidate_id').references(() => user.id, { onDelete: 'set null' }),
    candidateName: text('candidate_name').notNull(),
    /** When the candidate's account was erased (their name is then 'Erased candidate'). */
    candidateErasedAt: ts('candidate_erased_at'),
    recruiterId: text('recruiter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    recruiterName: text('recruiter_name').notNull(),
    companyName: text('company_name').notNull().default(''),
    status: text('status', { enum: ['scheduled', 'in-progress', 'completed'] })
      .notNull()
      .default('scheduled'),
    tasks: jsonb('tasks').$type<Task[]>().notNull().default([]),
    message: text('message').notNull().default(''),
    durationHours: integer('duration_hours').notNull(),
    /** A copy of the template's project: later template edits never change a running assessment. */
    project: jsonb('project').$type<SampleProject>().notNull(),
    createdAt: created(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    startedAt: ts('started_at'),
    completedDate: ts('completed_date'),
    feedback: text('feedback'),
    score: integer('score'),
    reviewedAt: ts('reviewed_at'),
    /** 'candidate' (the Submit step) or 'timeout' (the timer ran out); null until submitted. */
    submittedBy: text('submitted_by', { enum: ['candidate', 'timeout'] }),
    /** The one due-date reminder was sent (cleared when the due date moves). */
    reminderSentAt: ts('reminder_sent_at'),
    updatedAt: updated(),
  },
  (t) => [
    index('assessment_candidate_idx').on(t.candidateId, t.createdAt),
    index('assessment_recruiter_idx').on(t.recruiterId, t.createdAt),
    check('assessment_score_check', sql`${t.score} is null or (${t.score} between 0 and 100)`),
  ],
);

/** The candidate's text of one project file in one assessment. */
export const candidateFile = pgTable(
  'candidate_file',
  {
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessment.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** Null once the candidate's account is erased: the work stays with the assessment. */
    candidateId: text('candidate_id').references(() => user.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** The client's time of the edit this text came from; older saves are refused. */
    editedAt: bigint('edited_at', { mode: 'number' }).notNull(),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.fileName] })],
);

/** Spec: assigning adds the recruiter to the candidate's assigned recruiters. */
export const recruiterAssignment = pgTable(
  'recruiter_assignment',
  {
    candidateId: text('candidate_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    recruiterId: text('recruiter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.candidateId, t.recruiterId] })],
);

// --- messaging -------------------------------------------------------------------

export const conversation = pgTable(
  'conversation',
  {
    id: text('id').primaryKey(),
    subject: text('subject').notNull(),
    createdBy: text('created_by'),
    createdAt: created(),
    /** The newest message, for the inbox (messages themselves are rows of their own). */
    lastMessage: text('last_message').notNull().default(''),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    lastSenderId: text('last_sender_id'),
    /** Started from an assessment (Message Recruiter / Message Candidate); reused from there. */
    assessmentId: text('assessment_id').references(() => assessment.id, { onDelete: 'set null' }),
  },
  (t) => [index('conversation_assessment_idx').on(t.assessmentId)],
);

/**
 * One row per participant with their own read state. No foreign key to the
 * user: a deleted account stays in the conversation as 'Unknown User'.
 * last_message_at is copied from the conversation so that the inbox is one
 * index scan per user.
 */
export const conversationParticipant = pgTable(
  'conversation_participant',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    unread: boolean('unread').notNull().default(false),
    /** The seq of the newest message this participant has read. */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    joinedAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    // Ascending, read backwards for "newest first": drizzle's .desc() means DESC NULLS LAST,
    // which ORDER BY … DESC (NULLS FIRST) cannot use.
    index('conversation_participant_inbox_idx').on(t.userId, t.lastMessageAt, t.conversationId),
    index('conversation_participant_unread_idx').on(t.userId).where(sql`${t.unread}`),
  ],
);

export const message = pgTable(
  'message',
  {
    id: text('id').primaryKey(),
    /** Order within a conversation and the paging cursor. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    senderId: text('sender_id'),
    senderName: text('sender_name').notNull(),
    /** The sender's own id for this message: a retried send finds it instead of adding another. */
    clientId: text('client_id'),
    content: text('content').notNull(),
    fromEmail: boolean('from_email').notNull().default(false),
    createdAt: created(),
  },
  (t) => [
    index('message_conversation_seq_idx').on(t.conversationId, t.seq),
    uniqueIndex('message_sender_client_idx').on(t.senderId, t.clientId),
  ],
);

/** Spec: an e-mail notification record per message and other participant. */
export const emailNotification = pgTable(
  'email_notification',
  {
    id: text('id').primaryKey(),
    messageId: text('message_id')
      .notNull()
      .references(() => message.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id'),
    recipientEmail: text('recipient_email').notNull(),
    messagePreview: text('message_preview').notNull(),
    /**
     * The outbox row carrying the mail: the message's own, or the digest that folds
     * several (set when the digest is made); null when the recipient turned e-mail off.
     */
    mailId: text('mail_id'),
    /** Waiting for the conversation's next digest mail (see notification_digest). */
    digestPending: boolean('digest_pending').notNull().default(false),
    sent: boolean('sent').notNull().default(false),
    sentAt: ts('sent_at'),
    createdAt: created(),
  },
  (t) => [
    index('email_notification_message_idx').on(t.messageId),
    index('email_notification_mail_idx').on(t.mailId),
    index('email_notification_digest_idx')
      .on(t.conversationId, t.recipientId)
      .where(sql`${t.digestPending}`),
  ],
);

export * from './schema-departments';
export * from './schema-hardening';
export * from './schema-integrity';
export * from './schema-invitations';
export * from './schema-jobs';
export * from './schema-people';
export * from './schema-playback';
export * from './schema-settings';
export * from './schema-test-runs';
