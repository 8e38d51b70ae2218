ALTER TABLE "assessment" DROP CONSTRAINT "assessment_candidate_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "candidate_file" DROP CONSTRAINT "candidate_file_candidate_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "task_answer" DROP CONSTRAINT "task_answer_candidate_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "assessment" ALTER COLUMN "candidate_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_file" ALTER COLUMN "candidate_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "task_answer" ALTER COLUMN "candidate_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment" ADD COLUMN "candidate_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assessment" ADD CONSTRAINT "assessment_candidate_id_user_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_file" ADD CONSTRAINT "candidate_file_candidate_id_user_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_answer" ADD CONSTRAINT "task_answer_candidate_id_user_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;