-- Erasure redacts the person's name and e-mail inside free text too (docs/decisions/015):
-- reasons an admin typed in the audit log, mails about them queued for others in the outbox,
-- and the feedback on their kept assessments. Whole occurrences, any letter case: "Ann" is
-- replaced in "ann asked", not in "Annabel"; the e-mail in "write to ann@x.test.", not in
-- "joann@x.test" or "ann@x.test.uk". Runs of spaces in the name match any run of spaces.

-- The regular expression that finds the person in a text.
CREATE OR REPLACE FUNCTION erased_person_pattern(p_name text, p_email text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  -- In these expressions a backslash before a character that is not a letter or digit makes it
  -- literal, so every such character of the name and e-mail is escaped.
  SELECT '(?<![[:alnum:]._%+-])'
      || regexp_replace(p_email, '([^[:alnum:]])', '\\\1', 'g')
      || '(?![[:alnum:]_-]|\.[[:alnum:]])'
      || CASE WHEN btrim(coalesce(p_name, '')) = '' THEN '' ELSE
           '|(?<![[:alnum:]_])'
           || regexp_replace(
                regexp_replace(btrim(p_name), '([^[:alnum:][:space:]])', '\\\1', 'g'),
                '[[:space:]]+', '[[:space:]]+', 'g')
           || '(?![[:alnum:]_])'
         END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION redact_erased_person(p_text text, p_pattern text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(p_text, p_pattern, 'Erased user', 'gi')
$$;
--> statement-breakpoint
-- Every string in a JSON value (audit before/after), keys and structure unchanged.
CREATE OR REPLACE FUNCTION redact_erased_person_json(p jsonb, p_pattern text) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF p IS NULL THEN
    RETURN NULL;
  END IF;
  CASE jsonb_typeof(p)
    WHEN 'string' THEN
      RETURN to_jsonb(redact_erased_person(p #>> '{}', p_pattern));
    WHEN 'array' THEN
      RETURN coalesce(
        (SELECT jsonb_agg(redact_erased_person_json(e, p_pattern) ORDER BY i)
           FROM jsonb_array_elements(p) WITH ORDINALITY AS x(e, i)),
        '[]'::jsonb);
    WHEN 'object' THEN
      RETURN coalesce(
        (SELECT jsonb_object_agg(k, redact_erased_person_json(v, p_pattern))
           FROM jsonb_each(p) AS x(k, v)),
        '{}'::jsonb);
    ELSE
      RETURN p;
  END CASE;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION anonymise_erased_user() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  pattern text := erased_person_pattern(OLD.name, OLD.email);
BEGIN
  UPDATE assessment
     SET candidate_name = 'Erased candidate', candidate_erased_at = now(),
         feedback = redact_erased_person(feedback, pattern)
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
  -- Mails to others that name them (a submission, a message, an application…), sent or not.
  UPDATE outbox
     SET subject = redact_erased_person(subject, pattern),
         text = redact_erased_person(text, pattern),
         html = redact_erased_person(html, pattern)
   WHERE subject ~* pattern OR text ~* pattern OR html ~* pattern;
  -- The audit log keeps every event (ids, action, time) but not the person's name or e-mail,
  -- also inside text an admin typed (a reason): the append-only trigger lets exactly this
  -- redaction through (see audit_log_refuse_change).
  PERFORM set_config('talentforge.erasing', OLD.id, true);
  UPDATE audit_log
     SET actor_name = CASE WHEN actor_id = OLD.id THEN 'Erased user' ELSE actor_name END,
         "before" = redact_erased_person_json("before", pattern),
         "after" = redact_erased_person_json("after", pattern)
   WHERE actor_id = OLD.id OR target_id = OLD.id;
  PERFORM set_config('talentforge.erasing', '', true);
  RETURN OLD;
END;
$$;
