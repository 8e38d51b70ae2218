ALTER TABLE "outbox" ADD COLUMN "language" text;
--> statement-breakpoint
-- Mails in the recipient's language (docs/decisions/023): send_message as in 0020_mail_reply,
-- with one change. p_mail may carry the mail in every language under "languages" (keyed by
-- language code); each recipient gets theirs: their own choice (user.language), else the
-- admin's default. A p_mail without "languages" is sent as it is, as before. Each mail it
-- queues records its language (outbox.language), in which the worker adds the footer.
CREATE OR REPLACE FUNCTION send_message(
  p_message_id text,
  p_conversation_id text,
  p_sender_id text,
  p_sender_name text,
  p_client_id text,
  p_content text,
  p_preview text,
  p_now timestamptz,
  p_mail jsonb,
  p_recipient_mark text,
  p_subject_mark text,
  p_digest_window_seconds integer,
  p_limit_key text,
  p_limit_max integer,
  p_limit_window_seconds integer,
  p_from_email boolean
)
RETURNS TABLE (
  o_status text,
  o_message json,
  o_participants json,
  o_mails json,
  o_retry_after float8
)
LANGUAGE plpgsql AS $$
DECLARE
  digest_window interval := make_interval(secs => p_digest_window_seconds);
  limit_window interval := make_interval(secs => coalesce(p_limit_window_seconds, 0));
  v_subject text;
  v_participants json;
  v_member boolean;
  v_message json;
  v_mails json;
  v_used integer;
  v_retry_after float8;
  v_default_language text;
BEGIN
  SELECT c.subject INTO v_subject FROM conversation c WHERE c.id = p_conversation_id;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::json, NULL::json, NULL::json, NULL::float8;
    RETURN;
  END IF;
  -- The admin's default language (General settings, stored under the 'assessments' key by
  -- features/templates): what a recipient who never chose is written in.
  SELECT coalesce(s.value->>'defaultLanguage', 'en') INTO v_default_language
    FROM setting s WHERE s.key = 'assessments';
  v_default_language := coalesce(v_default_language, 'en');

  SELECT json_agg(json_build_object(
           'conversationId', p.conversation_id, 'id', p.user_id, 'unread', p.unread,
           'lastReadSeq', p.last_read_seq, 'name', u.name, 'email', u.email, 'role', u.role,
           'emailPreference', pr.details->'notificationPreferences'->>'email')
           ORDER BY p.created_at, p.user_id),
         coalesce(bool_or(p.user_id = p_sender_id), false)
    INTO v_participants, v_member
    FROM conversation_participant p
    LEFT JOIN "user" u ON u.id = p.user_id
    LEFT JOIN profile pr ON pr.user_id = p.user_id
   WHERE p.conversation_id = p_conversation_id;
  IF NOT v_member THEN
    RETURN QUERY SELECT 'forbidden'::text, NULL::json, v_participants, NULL::json, NULL::float8;
    RETURN;
  END IF;

  WITH counted AS (
    INSERT INTO usage_limit (key, window_start, count)
    SELECT p_limit_key, now(), 1 WHERE p_limit_key IS NOT NULL
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN usage_limit.window_start <= now() - limit_window
        THEN 1 ELSE least(usage_limit.count + 1, p_limit_max + 1) END,
      window_start = CASE WHEN usage_limit.window_start <= now() - limit_window
        THEN now() ELSE usage_limit.window_start END
    RETURNING usage_limit.count,
      extract(epoch FROM (usage_limit.window_start + limit_window - now()))::float8 AS retry_after
  ),
  lim AS (
    SELECT counted.count, counted.retry_after FROM counted
    UNION ALL
    SELECT 1, 0::float8 WHERE p_limit_key IS NULL
  ),
  locked AS (
    SELECT conversation.id FROM conversation, lim
     WHERE conversation.id = p_conversation_id AND lim.count <= coalesce(p_limit_max, 1)
       FOR UPDATE OF conversation
  ),
  ins AS (
    INSERT INTO message (id, conversation_id, sender_id, sender_name, client_id, content,
      from_email, created_at)
    SELECT p_message_id, locked.id, p_sender_id, p_sender_name, p_client_id, p_content,
      coalesce(p_from_email, false), p_now
      FROM locked
    ON CONFLICT (sender_id, client_id) DO NOTHING
    RETURNING *
  ),
  conv AS (
    UPDATE conversation
       SET last_message = p_content, last_message_at = p_now, last_sender_id = p_sender_id
      FROM ins WHERE conversation.id = ins.conversation_id
    RETURNING conversation.id
  ),
  parts AS (
    UPDATE conversation_participant p
       SET unread = p.user_id <> p_sender_id,
           last_message_at = p_now,
           last_read_seq = CASE WHEN p.user_id = p_sender_id THEN ins.seq ELSE p.last_read_seq END
      FROM ins WHERE p.conversation_id = ins.conversation_id
    RETURNING p.user_id
  ),
  r AS MATERIALIZED (
    SELECT p.user_id AS id, coalesce(u.email, '') AS email,
           coalesce(u.email, '') <> ''
             AND coalesce(pr.details->'notificationPreferences'->>'email', '') <> 'false' AS wanted,
           gen_random_uuid()::text AS record_id,
           gen_random_uuid()::text AS mail_id,
           l.language,
           replace(replace(l.m->>'subject', p_recipient_mark, coalesce(u.name, '')),
             p_subject_mark, v_subject) AS subject,
           replace(replace(l.m->>'text', p_recipient_mark, coalesce(u.name, '')),
             p_subject_mark, v_subject) AS text,
           replace(replace(l.m->>'html', p_recipient_mark, coalesce(u.name, '')),
             p_subject_mark, v_subject) AS html
      FROM conversation_participant p
      LEFT JOIN "user" u ON u.id = p.user_id
      LEFT JOIN profile pr ON pr.user_id = p.user_id
      CROSS JOIN LATERAL (
        SELECT w.language, coalesce(p_mail->'languages'->w.language, p_mail) AS m
          FROM (SELECT coalesce(u.language, v_default_language) AS language) w
      ) l
     WHERE p.conversation_id = p_conversation_id AND p.user_id <> p_sender_id
  ),
  digest AS (
    INSERT INTO notification_digest (conversation_id, recipient_id, last_mailed_at, due_at)
    SELECT ins.conversation_id, r.id, p_now, NULL FROM r, ins WHERE r.wanted
    ON CONFLICT (conversation_id, recipient_id) DO UPDATE SET
      last_mailed_at = CASE
        WHEN notification_digest.last_mailed_at <= p_now - digest_window
        THEN p_now ELSE notification_digest.last_mailed_at END,
      due_at = CASE
        WHEN notification_digest.last_mailed_at > p_now - digest_window
        THEN notification_digest.last_mailed_at + digest_window
        ELSE NULL END
    -- A digest already due stays as it is (and locked): the record waits for it.
    WHERE notification_digest.due_at IS NULL
    RETURNING notification_digest.recipient_id, notification_digest.due_at IS NULL AS mail_now
  ),
  mails AS (
    INSERT INTO outbox (id, "to", subject, text, html, conversation_id, recipient_id, language)
    SELECT r.mail_id, r.email, r.subject, r.text, r.html, p_conversation_id, r.id, r.language
      FROM r JOIN digest d ON d.recipient_id = r.id AND d.mail_now
     WHERE r.subject IS NOT NULL
    RETURNING outbox.id, outbox."to", outbox.subject, outbox.text, outbox.html, outbox.language
  ),
  records AS (
    INSERT INTO email_notification (id, message_id, conversation_id, recipient_id,
      recipient_email, message_preview, mail_id, digest_pending, created_at)
    SELECT r.record_id, ins.id, ins.conversation_id, r.id, r.email, p_preview,
      CASE WHEN d.mail_now AND r.subject IS NOT NULL THEN r.mail_id END,
      r.wanted AND NOT coalesce(d.mail_now AND r.subject IS NOT NULL, false),
      p_now
      FROM r CROSS JOIN ins LEFT JOIN digest d ON d.recipient_id = r.id
    RETURNING email_notification.id
  )
  -- conv, parts and records are not read: a data-modifying WITH runs to completion anyway.
  SELECT (SELECT row_to_json(ins) FROM ins),
         (SELECT coalesce(json_agg(json_build_object(
            'id', mails.id, 'to', mails."to", 'subject', mails.subject, 'text', mails.text,
            'html', mails.html, 'language', mails.language)),
            '[]'::json) FROM mails),
         (SELECT lim.count FROM lim),
         (SELECT lim.retry_after FROM lim)
    INTO v_message, v_mails, v_used, v_retry_after;

  RETURN QUERY SELECT
    CASE WHEN v_message IS NOT NULL THEN 'stored'
         WHEN v_used > coalesce(p_limit_max, 1) THEN 'over_limit'
         ELSE 'duplicate' END,
    v_message, v_participants, v_mails, v_retry_after;
END;
$$;
