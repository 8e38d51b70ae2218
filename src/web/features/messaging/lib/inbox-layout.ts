/**
 * What the messages area shows for a path, and whether the inbox sidebar is open.
 * Pure, so the rules of spec section 4 ("Messages sidebar open or closed depends on
 * viewport width and route") can be tested without a browser.
 */

export type MessagesView = 'index' | 'compose' | 'conversation';

/** The path without its trailing slashes, split into segments after '/messages'. */
function segmentsAfterMessages(pathname: string): string[] | null {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'messages') return null;
  return parts.slice(1);
}

/** Which child of /messages the path is: the index, /messages/new or a conversation. */
export function messagesView(pathname: string): MessagesView {
  const rest = segmentsAfterMessages(pathname);
  if (!rest || rest.length === 0) return 'index';
  if (rest.length === 1 && rest[0] === 'new') return 'compose';
  return 'conversation';
}

/** The id of the conversation the path opens (/messages/conversation/:id or /messages/:id). */
export function selectedConversationId(pathname: string): string | null {
  const rest = segmentsAfterMessages(pathname);
  if (!rest || messagesView(pathname) !== 'conversation') return null;
  const raw = rest[0] === 'conversation' ? rest[1] : rest[0];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The user's own choice with the toggle, which only holds on the path it was made on. */
export type InboxChoice = { pathname: string; open: boolean } | null;

/**
 * Wide screens always show the inbox beside the content. Below 768 px it is open on the
 * index and closed once a conversation or the compose screen is opened, unless the user
 * toggled it on this very path.
 */
export function isInboxOpen(narrow: boolean, pathname: string, choice: InboxChoice): boolean {
  if (!narrow) return true;
  if (choice && choice.pathname === pathname) return choice.open;
  return messagesView(pathname) === 'index';
}
