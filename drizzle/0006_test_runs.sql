CREATE TABLE "test_run" (
	"id" text PRIMARY KEY NOT NULL,
	"assessment_id" text NOT NULL,
	"requested_by_id" text,
	"requested_by_name" text DEFAULT '' NOT NULL,
	"trigger" text NOT NULL,
	"include_hidden" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"output" text DEFAULT '' NOT NULL,
	"duration_ms" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"worker_id" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "test_run" ADD CONSTRAINT "test_run_assessment_id_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run" ADD CONSTRAINT "test_run_requested_by_id_user_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_run_assessment_idx" ON "test_run" USING btree ("assessment_id","created_at");--> statement-breakpoint
CREATE INDEX "test_run_queue_idx" ON "test_run" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "test_run_one_active_idx" ON "test_run" USING btree ("assessment_id","trigger") WHERE "test_run"."status" in ('queued', 'running');