CREATE TABLE "ai_review" (
	"id" text PRIMARY KEY NOT NULL,
	"assessment_id" text NOT NULL,
	"candidate_id" text,
	"requested_by_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"model" text NOT NULL,
	"result" jsonb,
	"error" text,
	"error_code" text,
	"tokens_in" integer DEFAULT 0 NOT NULL,
	"tokens_out" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"prompt_hash" text,
	"prompt" text,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_template_settings" (
	"template_id" text PRIMARY KEY NOT NULL,
	"use_ai_review" boolean DEFAULT false NOT NULL,
	"score_before_ai" boolean DEFAULT false NOT NULL,
	"rubric" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"day" date PRIMARY KEY NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_review" ADD CONSTRAINT "ai_review_assessment_id_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_review" ADD CONSTRAINT "ai_review_candidate_id_user_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_review" ADD CONSTRAINT "ai_review_requested_by_id_user_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_template_settings" ADD CONSTRAINT "ai_template_settings_template_id_assessment_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."assessment_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_review_assessment_idx" ON "ai_review" USING btree ("assessment_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_review_candidate_idx" ON "ai_review" USING btree ("candidate_id");