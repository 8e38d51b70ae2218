CREATE TABLE "assessment_notification" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"assessment_id" text NOT NULL,
	"event" text NOT NULL,
	"title" text NOT NULL,
	"from_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_answer" (
	"assessment_id" text NOT NULL,
	"task_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"content" text NOT NULL,
	"edited_at" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_answer_assessment_id_task_id_pk" PRIMARY KEY("assessment_id","task_id")
);
--> statement-breakpoint
ALTER TABLE "assessment" ADD COLUMN "submitted_by" text;--> statement-breakpoint
ALTER TABLE "assessment" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "assessment_id" text;--> statement-breakpoint
ALTER TABLE "assessment_notification" ADD CONSTRAINT "assessment_notification_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_notification" ADD CONSTRAINT "assessment_notification_assessment_id_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_answer" ADD CONSTRAINT "task_answer_assessment_id_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_answer" ADD CONSTRAINT "task_answer_candidate_id_user_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_notification_user_idx" ON "assessment_notification" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_assessment_id_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_assessment_idx" ON "conversation" USING btree ("assessment_id");