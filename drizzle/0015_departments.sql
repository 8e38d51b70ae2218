CREATE TABLE "department" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_template" ADD COLUMN "department_id" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "department_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "department_name_key" ON "department" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "department_archived_idx" ON "department" USING btree ("archived");--> statement-breakpoint
ALTER TABLE "assessment_template" ADD CONSTRAINT "assessment_template_department_id_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."department"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_department_id_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."department"("id") ON DELETE restrict ON UPDATE no action;