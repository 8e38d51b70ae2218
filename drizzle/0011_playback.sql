CREATE TABLE "playback_batch" (
	"assessment_id" text NOT NULL,
	"file_name" text NOT NULL,
	"batch_no" integer NOT NULL,
	"client_id" text NOT NULL,
	"last_seq" integer NOT NULL,
	"started_at" bigint NOT NULL,
	"ended_at" bigint NOT NULL,
	"clock_offset_ms" bigint NOT NULL,
	"event_count" integer NOT NULL,
	"has_paste" boolean DEFAULT false NOT NULL,
	"raw_bytes" integer NOT NULL,
	"stored_bytes" integer NOT NULL,
	"encoding" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playback_batch_assessment_id_file_name_batch_no_pk" PRIMARY KEY("assessment_id","file_name","batch_no")
);
--> statement-breakpoint
CREATE TABLE "playback_file" (
	"assessment_id" text NOT NULL,
	"file_name" text NOT NULL,
	"candidate_id" text NOT NULL,
	"head" text,
	"batches" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"raw_bytes" bigint DEFAULT 0 NOT NULL,
	"stored_bytes" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playback_file_assessment_id_file_name_pk" PRIMARY KEY("assessment_id","file_name")
);
--> statement-breakpoint
ALTER TABLE "playback_batch" ADD CONSTRAINT "playback_batch_assessment_id_file_name_playback_file_assessment_id_file_name_fk" FOREIGN KEY ("assessment_id","file_name") REFERENCES "public"."playback_file"("assessment_id","file_name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_file" ADD CONSTRAINT "playback_file_assessment_id_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_file" ADD CONSTRAINT "playback_file_candidate_id_user_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playback_batch_client_idx" ON "playback_batch" USING btree ("assessment_id","file_name","client_id","last_seq");