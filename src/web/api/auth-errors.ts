type AuthFailure = {
  message?: string | undefined;
  statusText?: string;
  code?: string;
  status?: number;
};

/** The text to show for a better-auth error (it always has a status, usually a message). */
export function authErrorMessage(error: AuthFailure): string {
  if (error.message) return error.message;
  if (error.status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (error.code) return humanizeCode(error.code);
  return error.statusText || 'Something went wrong. Please try again.';
}

/** 'INVALID_TOKEN' or 'access_denied' -> 'Invalid token' / 'Access denied'. */
export function humanizeCode(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
