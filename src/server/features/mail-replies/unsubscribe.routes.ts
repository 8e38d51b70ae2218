import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import {
  mailPreferenceSchema,
  UNSUBSCRIBE_TEXTS,
  unsubscribeTokenSchema,
} from '../../../domain/mail-replies';
import { type Db, rawQuery } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createRouter, jsonContent } from '../../lib/http';
import type { MailTokens } from '../../mail/mail-tokens';

const params = z.object({ token: unsubscribeTokenSchema });
const responses = {
  200: jsonContent(mailPreferenceSchema, "The account's e-mail notifications as they are now"),
  400: jsonContent(errorSchema, 'The link is not valid'),
  404: jsonContent(errorSchema, 'The account no longer exists'),
};

const unsubscribe = createRoute({
  method: 'post',
  path: '/api/mail/unsubscribe/{token}',
  tags: ['Mail'],
  summary:
    "Turn the link's user's e-mail notifications off, without signing in (the signed token is the proof); RFC 8058 one-click unsubscribe POSTs here",
  request: { params },
  responses,
});
const resubscribe = createRoute({
  method: 'post',
  path: '/api/mail/resubscribe/{token}',
  tags: ['Mail'],
  summary: 'Undo an unsubscribe: turn e-mail notifications back on (same signed token)',
  request: { params },
  responses,
});

/**
 * Sets the profile's e-mail notification preference in one statement (the profile row is
 * made when the user has none; every other field stays as it is).
 */
async function setEmailNotifications(db: Db, tokens: MailTokens, token: string, on: boolean) {
  const userId = tokens.readUnsubscribeToken(token);
  if (!userId) throw new AppError(400, UNSUBSCRIBE_TEXTS.invalid);
  const [row] = await rawQuery(db)<{ email: string }>(
    `with target as (select id, email from "user" where id = $1),
     saved as (
       insert into profile (user_id, details)
       select id, jsonb_build_object('notificationPreferences', jsonb_build_object('email', $2::boolean))
         from target
       on conflict (user_id) do update set
         details = jsonb_set(profile.details, '{notificationPreferences}',
           coalesce(profile.details->'notificationPreferences', '{}'::jsonb)
             || jsonb_build_object('email', $2::boolean)),
         updated_at = now()
       returning user_id)
     select target.email from target join saved on saved.user_id = target.id`,
    [userId, on],
  );
  if (!row) throw new AppError(404, UNSUBSCRIBE_TEXTS.noAccount);
  return { email: row.email, emailNotifications: on };
}

/** The unsubscribe link's calls (docs/decisions/021): no session, the token is signed. */
export function unsubscribeRoutes(deps: { db: Db; tokens: MailTokens }) {
  return createRouter()
    .openapi(unsubscribe, async (c) =>
      c.json(
        await setEmailNotifications(deps.db, deps.tokens, c.req.valid('param').token, false),
        200,
      ),
    )
    .openapi(resubscribe, async (c) =>
      c.json(
        await setEmailNotifications(deps.db, deps.tokens, c.req.valid('param').token, true),
        200,
      ),
    );
}
