CREATE TABLE "job_invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"recruiter_id" text NOT NULL,
	"recruiter_name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_invitation" ADD CONSTRAINT "job_invitation_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitation" ADD CONSTRAINT "job_invitation_candidate_id_user_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_invitation_job_candidate_idx" ON "job_invitation" USING btree ("job_id","candidate_id");--> statement-breakpoint
CREATE INDEX "job_invitation_candidate_idx" ON "job_invitation" USING btree ("candidate_id","created_at");