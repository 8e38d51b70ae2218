CREATE TABLE "pad" (
	"id" text PRIMARY KEY NOT NULL,
	"interview_id" text,
	"application_id" text NOT NULL,
	"language" text NOT NULL,
	"created_by" text,
	"status" text DEFAULT 'open' NOT NULL,
	"snapshot" "bytea",
	"snapshot_seq" integer DEFAULT 0 NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "pad_status_check" CHECK ("pad"."status" in ('open', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "pad_note" (
	"id" text PRIMARY KEY NOT NULL,
	"pad_id" text NOT NULL,
	"author_id" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pad_run" (
	"id" text PRIMARY KEY NOT NULL,
	"pad_id" text NOT NULL,
	"requested_by" text,
	"status" text DEFAULT 'running' NOT NULL,
	"output" text DEFAULT '' NOT NULL,
	"passed" integer,
	"failed" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "pad_run_status_check" CHECK ("pad_run"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "pad_update" (
	"pad_id" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pad_update_pad_id_seq_pk" PRIMARY KEY("pad_id","seq")
);
--> statement-breakpoint
ALTER TABLE "pad" ADD CONSTRAINT "pad_interview_id_interview_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interview"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pad" ADD CONSTRAINT "pad_application_id_job_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pad" ADD CONSTRAINT "pad_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pad_note" ADD CONSTRAINT "pad_note_pad_id_pad_id_fk" FOREIGN KEY ("pad_id") REFERENCES "public"."pad"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pad_note" ADD CONSTRAINT "pad_note_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pad_run" ADD CONSTRAINT "pad_run_pad_id_pad_id_fk" FOREIGN KEY ("pad_id") REFERENCES "public"."pad"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pad_run" ADD CONSTRAINT "pad_run_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pad_update" ADD CONSTRAINT "pad_update_pad_id_pad_id_fk" FOREIGN KEY ("pad_id") REFERENCES "public"."pad"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pad_update" ADD CONSTRAINT "pad_update_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pad_interview_idx" ON "pad" USING btree ("interview_id");--> statement-breakpoint
CREATE INDEX "pad_application_idx" ON "pad" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "pad_note_pad_idx" ON "pad_note" USING btree ("pad_id");--> statement-breakpoint
CREATE INDEX "pad_run_pad_idx" ON "pad_run" USING btree ("pad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pad_run_one_running_idx" ON "pad_run" USING btree ("pad_id") WHERE "pad_run"."status" = 'running';