import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary, Message } from '../../../../domain/messaging';
import { renderRoutes } from '../../../test/render-routes';
import { ConversationScreen } from './conversation-screen';

const me = { id: 'me', displayName: 'Mia Recruiter', role: 'recruiter' as const, email: 'mia@x' };
const ann = { id: 'ann', displayName: 'Ann Lee', role: 'candidate' as const, email: 'ann@x' };

const summary = (extra: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id: 'c1',
  subject: 'Interview schedule',
  participants: [me, ann],
  createdAt: '2030-01-01T09:00:00.000Z',
  lastMessage: 'See you',
  lastMessageAt: '2030-01-01T09:05:00.000Z',
  lastSenderId: 'ann',
  unread: true,
  isParticipant: true,
  ...extra,
});

const message = (seq: number, sender: typeof me | typeof ann, extra: Partial<Message> = {}) => ({
  id: `m${seq}`,
  clientId: null,
  conversationId: 'c1',
  seq,
  content: `Message ${seq}`,
  senderId: sender.id,
  senderName: sender.displayName,
  fromEmail: false,
  createdAt: `2030-01-01T09:0${seq}:00.000Z`,
  readBy: [],
  ...extra,
});

type Stub = {
  conversation?: Response | ConversationSummary;
  send?: (content: string) => Response;
};

/** Renders /messages/conversation/c1 with the API answered by stubs; returns the calls made. */
function setup({ conversation = summary(), send }: Stub = {}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (path === '/api/conversations/c1') {
        // A copy each time: the hook retries, and a body can only be read once.
        return conversation instanceof Response
          ? conversation.clone()
          : Response.json(conversation);
      }
      if (path === '/api/conversations/c1/messages' && method === 'GET') {
        const items = [message(1, ann), message(2, me), message(3, ann, { fromEmail: true })];
        return Response.json({ items, hasMore: false });
      }
      if (path === '/api/conversations/c1/messages' && method === 'POST') {
        const { content, clientId } = JSON.parse(String(init?.body));
        return send ? send(content) : Response.json({ ...message(4, me), content, clientId });
      }
      if (path === '/api/conversations/c1/read') return new Response(null, { status: 204 });
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  const { router } = renderRoutes(
    [
      { path: '/messages/conversation/:conversationId', element: <ConversationScreen /> },
      { path: '/messages', element: <p>inbox</p> },
    ],
    '/messages/conversation/c1',
    { id: 'me', name: 'Mia Recruiter', email: 'mia@x', role: 'recruiter' },
  );
  return { calls, router };
}

beforeAll(() => {
  // The growing reply box listens for web fonts loading; happy-dom has no document.fonts.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  }
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ConversationScreen', () => {
  it('shows the subject, the others and the messages, and marks the conversation read', async () => {
    const { calls } = setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Interview schedule' }),
    ).toBeTruthy();
    expect(screen.getByText('With: Ann Lee')).toBeTruthy();
    expect(await screen.findByText('Message 2')).toBeTruthy();
    expect(screen.getAllByText('You')).toHaveLength(1);
    expect(screen.getAllByText('Ann Lee')).toHaveLength(2);
    expect(screen.getByText('via Email')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Messages' }).getAttribute('href')).toBe(
      '/messages',
    );
    await waitFor(() => expect(calls).toContain('POST /api/conversations/c1/read'));
  });

  it('sends with Enter, keeps Shift+Enter for new lines and empties the box', async () => {
    const { calls } = setup();
    const box = (await screen.findByLabelText('Message')) as HTMLTextAreaElement;
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });

    fireEvent.change(box, { target: { value: ' Hello Ann ' } });
    expect(send.disabled).toBe(false);
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(calls.filter((c) => c.startsWith('POST /api/conversations/c1/messages'))).toEqual([]);

    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('Hello Ann')).toBeTruthy();
    await waitFor(() => expect(box.value).toBe(''));
    expect(calls.filter((c) => c === 'POST /api/conversations/c1/messages')).toHaveLength(1);
  });

  it('keeps the text and says why when sending fails', async () => {
    setup({
      send: () =>
        Response.json(
          { message: 'You are not a participant in this conversation' },
          { status: 403 },
        ),
    });
    const box = (await screen.findByLabelText('Message')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'Failed to send message: You are not a participant in this conversation',
      ),
    ).toBeTruthy();
    expect(box.value).toBe('Hello');
  });

  it("says when the conversation doesn't exist", async () => {
    setup({ conversation: Response.json({ message: 'Not found' }, { status: 404 }) });
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Messages' })).toBeTruthy();
  });

  it('shows other load failures with their reason', async () => {
    setup({ conversation: Response.json({ message: 'Database unavailable' }, { status: 500 }) });
    expect(
      await screen.findByText('Failed to load conversation: Database unavailable'),
    ).toBeTruthy();
  });

  it('lets an admin read a conversation they are not in, without replying or marking it', async () => {
    const { calls } = setup({ conversation: summary({ isParticipant: false, unread: true }) });
    expect(await screen.findByText('Message 1')).toBeTruthy();
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(screen.getByText(/Only its participants can reply/)).toBeTruthy();
    expect(calls).not.toContain('POST /api/conversations/c1/read');
  });
});
