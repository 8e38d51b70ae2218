CREATE TABLE "project_change" (
	"id" text PRIMARY KEY NOT NULL,
	"assessment_id" text NOT NULL,
	"op" text NOT NULL,
	"path" text NOT NULL,
	"to_path" text,
	"at" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_file" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "candidate_file" ADD COLUMN "deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_file" ADD COLUMN "renamed_to" text;--> statement-breakpoint
ALTER TABLE "project_change" ADD CONSTRAINT "project_change_assessment_id_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_change_assessment_idx" ON "project_change" USING btree ("assessment_id","at");--> statement-breakpoint
UPDATE "candidate_file" SET "origin" = "file_name";
