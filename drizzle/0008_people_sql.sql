-- Find Candidates: fuzzy matching, and the search document kept in step by triggers.
-- Runs on PGlite (pg_trgm loaded as a contrib extension) and PostgreSQL 15+.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "candidate_search_name_trgm_idx" ON "candidate_search" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "candidate_search_skills_trgm_idx" ON "candidate_search" USING gin ("skills" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "candidate_search_places_trgm_idx" ON "candidate_search" USING gin ("places" gin_trgm_ops);
--> statement-breakpoint
-- One candidate's search row from their account and profile; a user who is not (or no longer)
-- a candidate has none. Skills are normalised as normalizeSkill() in src/domain does.
CREATE OR REPLACE FUNCTION candidate_search_refresh(target text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  u record;
  d jsonb;
  prefs jsonb;
BEGIN
  SELECT id, name, role INTO u FROM "user" WHERE id = target;
  IF NOT FOUND OR u.role IS DISTINCT FROM 'candidate' THEN
    DELETE FROM candidate_search WHERE user_id = target;
    RETURN;
  END IF;
  SELECT details INTO d FROM profile WHERE user_id = target;
  d := CASE WHEN jsonb_typeof(d) = 'object' THEN d ELSE '{}'::jsonb END;
  prefs := CASE WHEN jsonb_typeof(d -> 'jobPreferences') = 'object' THEN d -> 'jobPreferences' ELSE '{}'::jsonb END;
  INSERT INTO candidate_search AS cs (
    user_id, name, title, skills, skill_set, bio, location, places, experience,
    job_types, remote, discoverable, has_details, updated_at
  ) VALUES (
    target,
    coalesce(u.name, ''),
    coalesce(d ->> 'title', ''),
    coalesce(d ->> 'skills', ''),
    coalesce(ARRAY(
      SELECT DISTINCT lower(regexp_replace(regexp_replace(s, '^\s+|\s+$', '', 'g'), '\s+', ' ', 'g'))
        FROM unnest(string_to_array(coalesce(d ->> 'skills', ''), ',')) AS s
       WHERE s ~ '\S'
    ), '{}'),
    coalesce(d ->> 'bio', ''),
    coalesce(d ->> 'location', ''),
    lower(concat_ws(' ',
      nullif(d ->> 'location', ''),
      (SELECT string_agg(x, ' ') FROM jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(prefs -> 'location') = 'array' THEN prefs -> 'location' ELSE '[]'::jsonb END) AS x)
    )),
    coalesce(d ->> 'experience', ''),
    coalesce(ARRAY(
      SELECT jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(prefs -> 'jobType') = 'array' THEN prefs -> 'jobType' ELSE '[]'::jsonb END)
    ), '{}'),
    coalesce(prefs -> 'remote' = 'true'::jsonb, false),
    coalesce(d -> 'discoverable' <> 'false'::jsonb, true),
    coalesce(d ->> 'title', '') <> '' OR coalesce(d ->> 'skills', '') <> '' OR coalesce(d ->> 'bio', '') <> '',
    now()
  )
  ON CONFLICT (user_id) DO UPDATE SET
    name = excluded.name,
    title = excluded.title,
    skills = excluded.skills,
    skill_set = excluded.skill_set,
    bio = excluded.bio,
    location = excluded.location,
    places = excluded.places,
    experience = excluded.experience,
    job_types = excluded.job_types,
    remote = excluded.remote,
    discoverable = excluded.discoverable,
    has_details = excluded.has_details,
    updated_at = excluded.updated_at;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION candidate_search_on_user() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM candidate_search_refresh(NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION candidate_search_on_profile() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM candidate_search_refresh(OLD.user_id);
  ELSE
    PERFORM candidate_search_refresh(NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS candidate_search_user_trg ON "user";
--> statement-breakpoint
CREATE TRIGGER candidate_search_user_trg
  AFTER INSERT OR UPDATE OF name, role ON "user"
  FOR EACH ROW EXECUTE FUNCTION candidate_search_on_user();
--> statement-breakpoint
DROP TRIGGER IF EXISTS candidate_search_profile_trg ON profile;
--> statement-breakpoint
CREATE TRIGGER candidate_search_profile_trg
  AFTER INSERT OR UPDATE OF details OR DELETE ON profile
  FOR EACH ROW EXECUTE FUNCTION candidate_search_on_profile();
--> statement-breakpoint
-- Existing candidates get their row now.
SELECT candidate_search_refresh(id) FROM "user" WHERE role = 'candidate';
--> statement-breakpoint
-- Manage Users: there is always an active admin. The admin service refuses first with a clear
-- message; this catches what gets past it (two admins demoting each other at once, any other
-- code path). The lock makes concurrent demotions take turns, so the second one sees the first.
CREATE OR REPLACE FUNCTION keep_an_active_admin() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.role = 'admin' AND coalesce(OLD.banned, false) = false AND (
    TG_OP = 'DELETE' OR NEW.role IS DISTINCT FROM 'admin' OR coalesce(NEW.banned, false)
  ) THEN
    PERFORM pg_advisory_xact_lock(7263542);
    IF NOT EXISTS (
      SELECT 1 FROM "user"
       WHERE role = 'admin' AND coalesce(banned, false) = false AND id <> OLD.id
    ) THEN
      RAISE EXCEPTION 'The last admin cannot be demoted, deactivated or removed'
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS keep_an_active_admin_trg ON "user";
--> statement-breakpoint
CREATE TRIGGER keep_an_active_admin_trg
  AFTER UPDATE OF role, banned OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION keep_an_active_admin();
