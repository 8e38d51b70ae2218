CREATE TABLE "conversation" (
	"id" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sender_id" text
);
--> statement-breakpoint
CREATE TABLE "conversation_participant" (
	"conversation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"unread" boolean DEFAULT false NOT NULL,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_participant_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "email_notification" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"recipient_id" text,
	"recipient_email" text NOT NULL,
	"message_preview" text NOT NULL,
	"mail_id" text,
	"sent" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"conversation_id" text NOT NULL,
	"sender_id" text,
	"sender_name" text NOT NULL,
	"client_id" text,
	"content" text NOT NULL,
	"from_email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_participant" ADD CONSTRAINT "conversation_participant_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_notification" ADD CONSTRAINT "email_notification_message_id_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_notification" ADD CONSTRAINT "email_notification_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_participant_inbox_idx" ON "conversation_participant" USING btree ("user_id","last_message_at","conversation_id");--> statement-breakpoint
CREATE INDEX "conversation_participant_unread_idx" ON "conversation_participant" USING btree ("user_id") WHERE "conversation_participant"."unread";--> statement-breakpoint
CREATE INDEX "email_notification_message_idx" ON "email_notification" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "email_notification_mail_idx" ON "email_notification" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "message_conversation_seq_idx" ON "message" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "message_sender_client_idx" ON "message" USING btree ("sender_id","client_id");