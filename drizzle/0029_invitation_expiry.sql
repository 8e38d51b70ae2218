ALTER TABLE "assessment_invitation" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "assessment_invitation" SET "expires_at" = "created_at" + interval '14 days';--> statement-breakpoint
ALTER TABLE "assessment_invitation" ALTER COLUMN "expires_at" SET NOT NULL;
