import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary } from '../../../../domain/messaging';
import { renderRoutes } from '../../../test/render-routes';
import { MessagesLayout } from './messages-layout';

const me = { id: 'me', displayName: 'Mia Recruiter', role: 'recruiter' as const, email: 'mia@x' };

const conversation = (i: number, unread: boolean): ConversationSummary => ({
  id: `c${i}`,
  subject: `Subject ${i}`,
  participants: [
    me,
    { id: `p${i}`, displayName: `Person ${i}`, role: 'candidate', email: `p${i}@x` },
  ],
  createdAt: new Date().toISOString(),
  lastMessage: `Last words ${i}`,
  lastMessageAt: new Date().toISOString(),
  lastSenderId: `p${i}`,
  unread,
  isParticipant: true,
});

/** The messages area at `url`, on a phone (`narrow`) or a wide screen, with stubbed answers. */
function setup(url: string, narrow: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((media: string) => ({
      matches: narrow,
      media,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/conversations/unread-count') return Response.json({ count: 3 });
      if (path === '/api/conversations') {
        return Response.json({
          items: [conversation(1, true), conversation(2, false)],
          nextCursor: null,
        });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  return renderRoutes(
    [
      {
        path: '/messages',
        element: <MessagesLayout />,
        children: [
          { index: true, element: <p>index</p> },
          { path: 'new', element: <p>compose</p> },
          { path: 'conversation/:conversationId', element: <p>conversation</p> },
        ],
      },
    ],
    url,
    { id: 'me', name: 'Mia Recruiter', email: 'mia@x', role: 'recruiter' },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const inbox = () => screen.getByRole('navigation', { name: 'Inbox' });

describe('MessagesLayout', () => {
  it('shows the inbox beside the content on wide screens, with the unread count', async () => {
    setup('/messages/conversation/c2', false);
    expect(await screen.findByLabelText('3 unread conversations')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hide Inbox' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show Inbox' })).toBeNull();
    expect(screen.getByRole('link', { name: 'New Message' }).getAttribute('href')).toBe(
      '/messages/new',
    );
    const selected = await within(inbox()).findByRole('link', { current: 'page' });
    expect(selected.textContent).toContain('Person 2');
    expect(selected.getAttribute('href')).toBe('/messages/conversation/c2');
    const unread = within(inbox()).getByRole('link', { name: /Person 1/ });
    expect(unread.textContent).toContain('Unread');
    expect(screen.getByText('conversation')).toBeTruthy();
  });

  it('below 768 px shows the inbox on the index and hides it on request', async () => {
    setup('/messages', true);
    await within(inbox()).findByText('Subject 1');
    expect(inbox().hasAttribute('data-collapsed')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Hide Inbox' }));
    expect(inbox().hasAttribute('data-collapsed')).toBe(true);
    expect(screen.getByRole('button', { name: 'Show Inbox' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('below 768 px hides the inbox once a conversation is opened', async () => {
    const { router } = setup('/messages', true);
    fireEvent.click(await within(inbox()).findByRole('link', { name: /Person 1/ }));
    expect(await screen.findByText('conversation')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/messages/conversation/c1');
    expect(inbox().hasAttribute('data-collapsed')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Show Inbox' }));
    expect(inbox().hasAttribute('data-collapsed')).toBe(false);
  });
});
