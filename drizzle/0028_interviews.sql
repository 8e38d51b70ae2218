CREATE TABLE "interview" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"job_id" text NOT NULL,
	"created_by" text,
	"status" text DEFAULT 'proposed' NOT NULL,
	"starts_at" timestamp with time zone,
	"duration_minutes" integer,
	"time_zone" text,
	"location" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_status_check" CHECK ("interview"."status" in ('proposed', 'scheduled', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "interview_interviewer" (
	"interview_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "interview_interviewer_interview_id_user_id_pk" PRIMARY KEY("interview_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "interview_scorecard" (
	"id" text PRIMARY KEY NOT NULL,
	"interview_id" text NOT NULL,
	"interviewer_id" text NOT NULL,
	"ratings" jsonb NOT NULL,
	"recommendation" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interview_slot" (
	"id" text PRIMARY KEY NOT NULL,
	"interview_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"location" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	CONSTRAINT "interview_slot_status_check" CHECK ("interview_slot"."status" in ('open', 'chosen', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "job_scorecard_criteria" (
	"job_id" text PRIMARY KEY NOT NULL,
	"criteria" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "calendar" jsonb;--> statement-breakpoint
ALTER TABLE "interview" ADD CONSTRAINT "interview_application_id_job_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview" ADD CONSTRAINT "interview_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview" ADD CONSTRAINT "interview_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_interviewer" ADD CONSTRAINT "interview_interviewer_interview_id_interview_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interview"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_interviewer" ADD CONSTRAINT "interview_interviewer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_scorecard" ADD CONSTRAINT "interview_scorecard_interview_id_interview_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interview"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_scorecard" ADD CONSTRAINT "interview_scorecard_interviewer_id_user_id_fk" FOREIGN KEY ("interviewer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_slot" ADD CONSTRAINT "interview_slot_interview_id_interview_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interview"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_scorecard_criteria" ADD CONSTRAINT "job_scorecard_criteria_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_open_application_idx" ON "interview" USING btree ("application_id") WHERE "interview"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "interview_job_idx" ON "interview" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "interview_reminder_idx" ON "interview" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "interview_interviewer_user_idx" ON "interview_interviewer" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interview_scorecard_one_idx" ON "interview_scorecard" USING btree ("interview_id","interviewer_id");--> statement-breakpoint
CREATE INDEX "interview_slot_interview_idx" ON "interview_slot" USING btree ("interview_id");