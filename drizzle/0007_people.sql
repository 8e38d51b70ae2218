CREATE TABLE "candidate_search" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"skills" text DEFAULT '' NOT NULL,
	"skill_set" text[] DEFAULT '{}'::text[] NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"places" text DEFAULT '' NOT NULL,
	"experience" text DEFAULT '' NOT NULL,
	"job_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"remote" boolean DEFAULT false NOT NULL,
	"discoverable" boolean DEFAULT true NOT NULL,
	"has_details" boolean DEFAULT false NOT NULL,
	"document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(skills, '')), 'A') || setweight(to_tsvector('simple', coalesce(title, '')), 'B') || setweight(to_tsvector('english', coalesce(title, '')), 'B') || setweight(to_tsvector('simple', coalesce(places, '')), 'C') || setweight(to_tsvector('english', coalesce(bio, '')), 'D') || setweight(to_tsvector('simple', coalesce(bio, '')), 'D')) STORED NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_search" ADD CONSTRAINT "candidate_search_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_search_document_idx" ON "candidate_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "candidate_search_skill_set_idx" ON "candidate_search" USING gin ("skill_set");--> statement-breakpoint
CREATE INDEX "candidate_search_browse_idx" ON "candidate_search" USING btree ("discoverable","has_details","updated_at");