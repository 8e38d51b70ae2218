import { createRoute, z } from '@hono/zod-openapi';
import { errorSchema } from '../../../domain/api';
import { LANGUAGES } from '../../../domain/languages';
import type { Db } from '../../db/client';
import { createRouter, jsonContent, requireActor } from '../../lib/http';
import { setUserLanguage } from './languages.service';

const languageBody = z.object({
  language: z
    .enum(LANGUAGES, 'Choose English, French, German, Spanish or Japanese')
    .nullable()
    .openapi({ description: 'null: follow the browser and the default again' }),
});

const setLanguageRoute = createRoute({
  method: 'put',
  path: '/api/profile/language',
  tags: ['Profile'],
  summary: "Choose the signed-in user's language (screens, formats and mails)",
  request: { body: { content: { 'application/json': { schema: languageBody } }, required: true } },
  responses: {
    200: jsonContent(languageBody, 'The language now in force'),
    400: jsonContent(errorSchema, 'Not one of the languages'),
    401: jsonContent(errorSchema, 'Not signed in'),
  },
});

export function languageRoutes({ db, onUserChanged }: { db: Db; onUserChanged: () => void }) {
  return createRouter().openapi(setLanguageRoute, async (c) => {
    const saved = await setUserLanguage(db, requireActor(c), c.req.valid('json').language);
    // Sessions read before still carry the old language (see SessionCache).
    onUserChanged();
    return c.json(saved, 200);
  });
}
