CREATE TABLE "assessment" (
	"id" text PRIMARY KEY NOT NULL,
	"template_id" text,
	"title" text NOT NULL,
	"role_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"candidate_id" text NOT NULL,
	"candidate_name" text NOT NULL,
	"recruiter_id" text NOT NULL,
	"recruiter_name" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"duration_hours" integer NOT NULL,
	"project" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" date NOT NULL,
	"started_at" timestamp with time zone,
	"completed_date" timestamp with time zone,
	"feedback" text,
	"score" integer,
	"reviewed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_score_check" CHECK ("assessment"."score" is null or ("assessment"."score" between 0 and 100))
);
--> statement-breakpoint
CREATE TABLE "assessment_template" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"role_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"authorized_recruiters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_hours" integer DEFAULT 2 NOT NULL,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"project" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_file" (
	"assessment_id" text NOT NULL,
	"file_name" text NOT NULL,
	"candidate_id" text NOT NULL,
	"content" text NOT NULL,
	"edited_at" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_file_assessment_id_file_name_pk" PRIMARY KEY("assessment_id","file_name")
);
--> statement-breakpoint
CREATE TABLE "recruiter_assignment" (
	"candidate_id" text NOT NULL,
	"recruiter_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recruiter_assignment_candidate_id_recruiter_id_pk" PRIMARY KEY("candidate_id","recruiter_id")
);
--> statement-breakpoint
CREATE TABLE "setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment" ADD CONSTRAINT "assessment_template_id_assessment_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."assessment_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment" ADD CONSTRAINT "assessment_candidate_id_user_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment" ADD CONSTRAINT "assessment_recruiter_id_user_id_fk" FOREIGN KEY ("recruiter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_file" ADD CONSTRAINT "candidate_file_assessment_id_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_file" ADD CONSTRAINT "candidate_file_candidate_id_user_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiter_assignment" ADD CONSTRAINT "recruiter_assignment_candidate_id_user_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiter_assignment" ADD CONSTRAINT "recruiter_assignment_recruiter_id_user_id_fk" FOREIGN KEY ("recruiter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_candidate_idx" ON "assessment" USING btree ("candidate_id","created_at");--> statement-breakpoint
CREATE INDEX "assessment_recruiter_idx" ON "assessment" USING btree ("recruiter_id","created_at");