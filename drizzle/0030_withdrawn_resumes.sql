-- Résumé search leaves out applications the candidate withdrew (issue 22): withdrawing takes
-- the résumé given with it back, so recruiters can no longer find the candidate by its words.
-- The candidate's search row is rebuilt when an application's stage changes as well as its text.
CREATE OR REPLACE FUNCTION candidate_search_resumes(target text) RETURNS void
LANGUAGE sql AS $$
  UPDATE candidate_search SET resume_text = coalesce((
    SELECT left(string_agg(resume_text, E'\n' ORDER BY created_at DESC), 200000)
      FROM job_application
     WHERE candidate_id = target AND resume_text IS NOT NULL AND stage <> 'withdrawn'
  ), '')
  WHERE user_id = target;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS candidate_search_application_trg ON job_application;
--> statement-breakpoint
CREATE TRIGGER candidate_search_application_trg
  AFTER UPDATE OF resume_text, stage OR DELETE ON job_application
  FOR EACH ROW EXECUTE FUNCTION candidate_search_on_application();
--> statement-breakpoint
-- Applications withdrawn before this migration: their candidates' rows are rebuilt once.
SELECT candidate_search_resumes(candidate_id)
  FROM (SELECT DISTINCT candidate_id FROM job_application WHERE stage = 'withdrawn') AS withdrawn;
