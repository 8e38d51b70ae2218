CREATE TABLE "assessment_invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"template_id" text NOT NULL,
	"recruiter_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"due_date" date NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"assessment_id" text,
	CONSTRAINT "assessment_invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "similarity_match" (
	"assessment_id" text NOT NULL,
	"other_id" text NOT NULL,
	"percent" integer NOT NULL,
	"shared" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "similarity_match_assessment_id_other_id_pk" PRIMARY KEY("assessment_id","other_id")
);
--> statement-breakpoint
CREATE TABLE "submission_fingerprint" (
	"assessment_id" text PRIMARY KEY NOT NULL,
	"template_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"hashes" jsonb,
	"total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "assessment" ADD COLUMN "blind_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment" ADD COLUMN "identity_revealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assessment_template" ADD COLUMN "blind_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_template" ADD COLUMN "similarity_threshold" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_invitation" ADD CONSTRAINT "assessment_invitation_template_id_assessment_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."assessment_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_invitation" ADD CONSTRAINT "assessment_invitation_recruiter_id_user_id_fk" FOREIGN KEY ("recruiter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_invitation" ADD CONSTRAINT "assessment_invitation_assessment_id_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_match" ADD CONSTRAINT "similarity_match_assessment_id_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "similarity_match" ADD CONSTRAINT "similarity_match_other_id_assessment_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."assessment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_fingerprint" ADD CONSTRAINT "submission_fingerprint_assessment_id_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_fingerprint" ADD CONSTRAINT "submission_fingerprint_template_id_assessment_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."assessment_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_invitation_once_idx" ON "assessment_invitation" USING btree ("template_id","recruiter_id","email");--> statement-breakpoint
CREATE INDEX "assessment_invitation_email_idx" ON "assessment_invitation" USING btree ("email");--> statement-breakpoint
CREATE INDEX "similarity_match_other_idx" ON "similarity_match" USING btree ("other_id");--> statement-breakpoint
CREATE INDEX "submission_fingerprint_template_idx" ON "submission_fingerprint" USING btree ("template_id","status");