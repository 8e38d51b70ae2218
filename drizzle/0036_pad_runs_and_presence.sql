CREATE TABLE "pad_presence" (
	"id" text PRIMARY KEY NOT NULL,
	"pad_id" text NOT NULL,
	"user_id" text NOT NULL,
	"server_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pad_run" DROP CONSTRAINT "pad_run_status_check";--> statement-breakpoint
DROP INDEX "pad_run_one_running_idx";--> statement-breakpoint
ALTER TABLE "pad_run" ALTER COLUMN "status" SET DEFAULT 'queued';--> statement-breakpoint
ALTER TABLE "pad_run" ADD COLUMN "worker_id" text;--> statement-breakpoint
ALTER TABLE "pad_run" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pad_run" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pad_presence" ADD CONSTRAINT "pad_presence_pad_id_pad_id_fk" FOREIGN KEY ("pad_id") REFERENCES "public"."pad"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pad_presence" ADD CONSTRAINT "pad_presence_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pad_presence_pad_idx" ON "pad_presence" USING btree ("pad_id","seen_at");--> statement-breakpoint
CREATE INDEX "pad_run_queue_idx" ON "pad_run" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pad_run_one_active_idx" ON "pad_run" USING btree ("pad_id") WHERE "pad_run"."status" in ('queued', 'running');--> statement-breakpoint
ALTER TABLE "pad_run" ADD CONSTRAINT "pad_run_status_check" CHECK ("pad_run"."status" in ('queued', 'running', 'done', 'failed'));