/**
 * A random id for a message, made once per message (not per attempt), so a
 * retried send is recognised by the server. crypto.randomUUID needs a secure
 * context; getRandomValues works on plain http too.
 */
export function newClientId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
