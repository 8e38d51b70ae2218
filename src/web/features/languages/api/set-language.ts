import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { LANGUAGES, type Language } from '../../../../domain/languages';
import { apiFetch } from '../../../api/http';
import { switchLanguage } from '../../../lib/i18n';
import { refreshSession } from '../../../lib/session';

const answerSchema = z.object({ language: z.enum(LANGUAGES).nullable() });

/** PUT /api/profile/language: null follows the browser (and the admin's default) again. */
export const setLanguage = (language: Language | null) =>
  apiFetch('/api/profile/language', { method: 'PUT', json: { language }, schema: answerSchema });

export function useSetLanguage() {
  return useMutation({
    mutationFn: setLanguage,
    onSuccess: async ({ language }, _vars) => {
      // This tab and the browser's others switch at once; the session carries it elsewhere.
      if (language) await switchLanguage(language);
      refreshSession();
    },
  });
}
