CREATE TABLE "notification_digest" (
	"conversation_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"last_mailed_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	CONSTRAINT "notification_digest_conversation_id_recipient_id_pk" PRIMARY KEY("conversation_id","recipient_id")
);
--> statement-breakpoint
CREATE TABLE "usage_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_notification" ADD COLUMN "digest_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_digest" ADD CONSTRAINT "notification_digest_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_digest_due_idx" ON "notification_digest" USING btree ("due_at") WHERE "notification_digest"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "email_notification_digest_idx" ON "email_notification" USING btree ("conversation_id","recipient_id") WHERE "email_notification"."digest_pending";