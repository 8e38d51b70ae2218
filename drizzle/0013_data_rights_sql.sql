-- Erasure (docs/decisions/015): whatever deletes a user row (the erasure service, better-auth's
-- admin endpoints, a script), what others keep about them is anonymised in the same transaction.
-- Assessments stay for the recruiter's records (candidate_id is set null by its foreign key);
-- messages they sent stay, from 'Unknown User'; records that only exist for them go.
CREATE OR REPLACE FUNCTION anonymise_erased_user() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  name_token text := to_jsonb(OLD.name)::text;
  email_token text := to_jsonb(OLD.email)::text;
BEGIN
  UPDATE assessment
     SET candidate_name = 'Erased candidate', candidate_erased_at = now()
   WHERE candidate_id = OLD.id;
  -- The recruiters' bell items about the candidate's assessments name the candidate.
  UPDATE assessment_notification
     SET from_name = 'Erased candidate'
   WHERE user_id <> OLD.id
     AND assessment_id IN (SELECT id FROM assessment WHERE candidate_id = OLD.id);
  UPDATE message SET sender_name = 'Unknown User' WHERE sender_id = OLD.id;
  UPDATE test_run SET requested_by_name = 'Unknown User' WHERE requested_by_id = OLD.id;
  UPDATE application_event SET actor_name = 'Unknown User' WHERE actor_id = OLD.id;
  UPDATE application_note SET author_name = 'Unknown User' WHERE author_id = OLD.id;
  DELETE FROM email_notification WHERE recipient_id = OLD.id;
  DELETE FROM notification_digest WHERE recipient_id = OLD.id;
  DELETE FROM usage_limit WHERE key LIKE '%:' || OLD.id;
  DELETE FROM verification WHERE value = OLD.id;
  DELETE FROM outbox WHERE lower("to") = lower(OLD.email);
  -- The audit log keeps every event (ids, action, time) but not the person's name or e-mail:
  -- the append-only trigger lets exactly this redaction through (see audit_log_refuse_change).
  PERFORM set_config('talentforge.erasing', OLD.id, true);
  UPDATE audit_log
     SET actor_name = CASE WHEN actor_id = OLD.id THEN 'Erased user' ELSE actor_name END,
         "before" = replace(replace("before"::text, name_token, '"Erased user"'), email_token, '"Erased user"')::jsonb,
         "after" = replace(replace("after"::text, name_token, '"Erased user"'), email_token, '"Erased user"')::jsonb
   WHERE actor_id = OLD.id OR target_id = OLD.id;
  PERFORM set_config('talentforge.erasing', '', true);
  RETURN OLD;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS anonymise_erased_user_trg ON "user";
--> statement-breakpoint
CREATE TRIGGER anonymise_erased_user_trg
  BEFORE DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION anonymise_erased_user();
--> statement-breakpoint
-- Still append-only: no delete, no truncate, and no update except the erasure's redaction of
-- the rows about the user being erased (name and e-mail only; id, action, target, time unchanged).
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  erasing text := coalesce(current_setting('talentforge.erasing', true), '');
BEGIN
  IF TG_OP = 'UPDATE' AND erasing <> ''
     AND (OLD.actor_id = erasing OR OLD.target_id = erasing)
     AND NEW.id = OLD.id AND NEW.action = OLD.action AND NEW.target_type = OLD.target_type
     AND NEW.target_id IS NOT DISTINCT FROM OLD.target_id
     AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
     AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END;
$$;
