ALTER TABLE "job" ALTER COLUMN "department_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "assessment_template_department_idx" ON "assessment_template" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "job_department_idx" ON "job" USING btree ("department_id");--> statement-breakpoint
ALTER TABLE "job" DROP COLUMN "department";