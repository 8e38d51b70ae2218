-- Résumé search (issue 22, item 3): the text read from each uploaded PDF résumé, whether it
-- could be read, and the candidate's résumés in Find Candidates' search document (weight D,
-- below name, skills, title and places). PostgreSQL 15 cannot change a generated column's
-- expression, so the document is made again (and its index with it).
ALTER TABLE "job_application" ADD COLUMN "resume_text" text;--> statement-breakpoint
ALTER TABLE "job_application" ADD COLUMN "resume_text_status" text;--> statement-breakpoint
ALTER TABLE "job_application" ADD CONSTRAINT "job_application_resume_text_status_check" CHECK ("job_application"."resume_text_status" in ('read', 'unreadable'));--> statement-breakpoint
CREATE INDEX "job_application_resume_pending_idx" ON "job_application" USING btree ("created_at") WHERE "job_application"."resume_key" is not null and "job_application"."resume_text_status" is null;--> statement-breakpoint
ALTER TABLE "candidate_search" ADD COLUMN "resume_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "candidate_search_document_idx";--> statement-breakpoint
ALTER TABLE "candidate_search" DROP COLUMN "document";--> statement-breakpoint
ALTER TABLE "candidate_search" ADD COLUMN "document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(skills, '')), 'A') || setweight(to_tsvector('simple', coalesce(title, '')), 'B') || setweight(to_tsvector('english', coalesce(title, '')), 'B') || setweight(to_tsvector('simple', coalesce(places, '')), 'C') || setweight(to_tsvector('english', coalesce(bio, '')), 'D') || setweight(to_tsvector('simple', coalesce(bio, '')), 'D') || setweight(to_tsvector('english', coalesce(resume_text, '')), 'D') || setweight(to_tsvector('simple', coalesce(resume_text, '')), 'D')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "candidate_search_document_idx" ON "candidate_search" USING gin ("document");
--> statement-breakpoint
-- The candidate's résumés in their search row, kept in step by the database like the profile
-- (0008): newest first, at most 200,000 characters. An application deleted (with its job) takes
-- its résumé out of the search.
CREATE OR REPLACE FUNCTION candidate_search_resumes(target text) RETURNS void
LANGUAGE sql AS $$
  UPDATE candidate_search SET resume_text = coalesce((
    SELECT left(string_agg(resume_text, E'\n' ORDER BY created_at DESC), 200000)
      FROM job_application
     WHERE candidate_id = target AND resume_text IS NOT NULL
  ), '')
  WHERE user_id = target;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION candidate_search_on_application() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM candidate_search_resumes(OLD.candidate_id);
  ELSE
    PERFORM candidate_search_resumes(NEW.candidate_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS candidate_search_application_trg ON job_application;
--> statement-breakpoint
CREATE TRIGGER candidate_search_application_trg
  AFTER UPDATE OF resume_text OR DELETE ON job_application
  FOR EACH ROW EXECUTE FUNCTION candidate_search_on_application();
