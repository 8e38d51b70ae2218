/** The base32 key of an otpauth:// URI, for typing into an app by hand. */
export function secretOf(uri: string): string {
  try {
    return new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}
