import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isLanguage, pickLanguage } from '../../domain/languages';
import { publicConfigQueryOptions } from '../features/auth/api/get-public-config';
import {
  languageWithoutChoice,
  rememberChoice,
  rememberedChoice,
  switchLanguage,
} from '../lib/i18n';
import { useSessionState } from '../lib/session';

/** Whether the browser asks for one of our languages (else the admin's default applies). */
function browserHasOurLanguage(): boolean {
  const asked = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []);
  return isLanguage(pickLanguage(asked, 'xx' as never));
}

/**
 * Keeps the page in the right language: a signed-in user's own choice (from the session,
 * so a choice made in another tab or browser arrives with the next session read), else
 * the choice last made in this browser (a visitor after signing out), else the browser's
 * language when we have it, else the admin's default.
 */
export function LanguageSync() {
  const session = useSessionState();
  const signedIn = session.status === 'signed-in';
  const chosen = signedIn ? session.user.language : rememberedChoice();
  // The public config (and the zod it is validated with) only when the default matters.
  const needsDefault = !chosen && !browserHasOurLanguage();
  const config = useQuery({ ...publicConfigQueryOptions(), enabled: needsDefault });
  const adminDefault = config.data?.defaultLanguage;

  useEffect(() => {
    if (signedIn) rememberChoice(chosen);
    if (chosen) void switchLanguage(chosen, { broadcast: false });
    else if (signedIn || adminDefault)
      void switchLanguage(languageWithoutChoice(adminDefault), { broadcast: false });
  }, [chosen, signedIn, adminDefault]);
  return null;
}
