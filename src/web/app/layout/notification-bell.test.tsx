import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-routes';
import { NotificationBell } from './notification-bell';

const at = new Date().toISOString();
const items = [
  {
    kind: 'message',
    conversationId: 'c1',
    subject: 'Re: Frontend task',
    from: 'Rita Recruiter',
    preview: 'How is it going?',
    at,
  },
  { kind: 'invitation', assessmentId: 'a1', title: 'Backend task', from: 'Rita Recruiter', at },
];

/** The bell in a page at /, with GET /api/notifications answering `count` and `list`. */
function setup(count: number, list: unknown[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        count,
        unreadConversations: count,
        unopenedInvitations: 0,
        unreadAssessmentNews: 0,
        unreadJobInvitations: 0,
        items: list,
      }),
    ),
  );
  return renderRoutes(
    [
      {
        // Like the nav bar, the bell stays on screen while the page under it changes.
        path: '/',
        element: (
          <>
            <NotificationBell />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>home page</p> },
          { path: 'messages/conversation/:id', element: <p>conversation page</p> },
          { path: 'messages', element: <p>inbox page</p> },
        ],
      },
    ],
    '/',
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotificationBell', () => {
  it('shows the real count as a badge and in its name', async () => {
    setup(3, items);
    expect(await screen.findByRole('button', { name: 'Notifications (3 unread)' })).toBeTruthy();
    // The badge is hidden from screen readers: the button's name already has the count.
    expect(screen.getByText('3').closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('caps the badge at 9+ and shows none at 0', async () => {
    setup(12);
    await screen.findByRole('button', { name: 'Notifications (12 unread)' });
    expect(screen.getByText('9+')).toBeTruthy();
    cleanup();
    const { client } = setup(0);
    await waitFor(() => expect(client.getQueryState(['notifications'])?.status).toBe('success'));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByText('0')).toBeNull();
  });

  it('lists messages and invitations as links, and closes on a click', async () => {
    const { router } = setup(2, items);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
    const message = await screen.findByRole('link', { name: /Re: Frontend task/ });
    expect(message.getAttribute('href')).toBe('/messages/conversation/c1');
    expect(message.textContent).toContain('How is it going?');
    expect(message.textContent).toContain('Just now');
    const invitation = screen.getByRole('link', { name: /New assessment: Backend task/ });
    expect(invitation.getAttribute('href')).toBe('/assessment/a1');
    expect(screen.getByRole('link', { name: 'Open messages' }).getAttribute('href')).toBe(
      '/messages',
    );
    fireEvent.click(message);
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/conversation/c1'));
    expect(await screen.findByText('conversation page')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open messages' })).toBeNull();
  });

  it('says so when there is nothing new', async () => {
    setup(0, []);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('You have no new notifications.')).toBeTruthy();
  });
});
