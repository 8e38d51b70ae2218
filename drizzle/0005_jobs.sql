CREATE TABLE "application_event" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_note" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job" (
	"id" text PRIMARY KEY NOT NULL,
	"recruiter_id" text NOT NULL,
	"title" text NOT NULL,
	"department" text NOT NULL,
	"locations" jsonb NOT NULL,
	"workplace_type" text NOT NULL,
	"job_type" text NOT NULL,
	"experience" text NOT NULL,
	"salary_min" integer,
	"salary_max" integer,
	"currency" text DEFAULT 'USD' NOT NULL,
	"show_salary" boolean DEFAULT true NOT NULL,
	"description" text NOT NULL,
	"openings" integer DEFAULT 1 NOT NULL,
	"closing_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_status_check" CHECK ("job"."status" in ('draft', 'published', 'closed', 'archived')),
	CONSTRAINT "job_salary_check" CHECK ("job"."salary_min" is null or "job"."salary_max" is null or "job"."salary_max" >= "job"."salary_min")
);
--> statement-breakpoint
CREATE TABLE "job_application" (
	"id" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"stage" text DEFAULT 'applied' NOT NULL,
	"cover_letter" text NOT NULL,
	"resume_key" text,
	"resume_name" text,
	"rejection_reason" text,
	"assessment_id" text,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_application_stage_check" CHECK ("job_application"."stage" in ('applied', 'screening', 'assessment', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "application_event" ADD CONSTRAINT "application_event_application_id_job_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_note" ADD CONSTRAINT "application_note_application_id_job_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_recruiter_id_user_id_fk" FOREIGN KEY ("recruiter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application" ADD CONSTRAINT "job_application_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application" ADD CONSTRAINT "job_application_candidate_id_user_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application" ADD CONSTRAINT "job_application_assessment_id_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_event_application_idx" ON "application_event" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_note_application_idx" ON "application_note" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "job_browse_idx" ON "job" USING btree ("status","published_at","id");--> statement-breakpoint
CREATE INDEX "job_recruiter_idx" ON "job" USING btree ("recruiter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_application_job_candidate_idx" ON "job_application" USING btree ("job_id","candidate_id");--> statement-breakpoint
CREATE INDEX "job_application_candidate_idx" ON "job_application" USING btree ("candidate_id","created_at");--> statement-breakpoint
CREATE INDEX "job_application_assessment_idx" ON "job_application" USING btree ("assessment_id");