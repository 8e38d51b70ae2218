ALTER TABLE "job" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_country_check" CHECK ("job"."country" ~ '^[A-Z]{2}$');