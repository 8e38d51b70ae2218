/**
 * Set in sessionStorage by the erase form: whichever redirect reaches /login first, it says why.
 * Its own module: the login screen reads it, and data-rights-texts.ts (the data screens' texts)
 * would otherwise ride along in the first screen's script.
 */
export const ERASED_FLAG = 'talentforge.account-erased';
