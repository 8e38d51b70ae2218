import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../../domain/constants';
import { renderRoutes } from '../../../test/render-routes';
import { ComposeScreen } from './compose-screen';

const users = [
  { id: 'u1', displayName: 'Rita Recruiter', email: 'rita@example.com', role: 'recruiter' },
  { id: 'u2', displayName: 'Carl Candidate', email: 'carl@example.org', role: 'candidate' },
  { id: 'u3', displayName: 'Cleo Candidate', email: 'cleo@example.org', role: 'candidate' },
];

const conversation = (subject: string) => ({
  id: 'conv1',
  subject,
  participants: [],
  createdAt: '2030-01-01T00:00:00.000Z',
  lastMessage: '',
  lastMessageAt: '2030-01-01T00:00:00.000Z',
  lastSenderId: null,
  unread: false,
  isParticipant: true,
});

/** Renders /messages/new for a user of `role`, with the API answered by stubs. */
function setup(
  url: string,
  role: Role,
  recipients: unknown = users,
  post?: (body: unknown) => Response | Promise<Response>,
  existing: string | null = null,
) {
  const calls: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/assessments/a1/conversation') {
        return Response.json({ conversationId: existing });
      }
      if (path === '/api/conversations/recipients') {
        return recipients instanceof Response ? recipients : Response.json(recipients);
      }
      if (path === '/api/conversations' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        calls.push(body);
        return post ? post(body) : Response.json(conversation(body.subject));
      }
      return new Response('{}', { status: 404 });
    }),
  );
  const { router } = renderRoutes(
    [
      { path: '/messages/new', element: <ComposeScreen /> },
      { path: '/messages/conversation/:id', element: <p>opened conversation</p> },
      { path: '/messages', element: <p>inbox</p> },
    ],
    url,
    { id: 'me', name: 'Me', email: 'me@x', role },
  );
  return { calls, router };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ComposeScreen', () => {
  it('opens the conversation already started about the assessment', async () => {
    const { router, calls } = setup(
      '/messages/new?to=u1&subject=Re:%20Task&assessment=a1',
      'candidate',
      users,
      undefined,
      'conv-about-a1',
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/messages/conversation/conv-about-a1'),
    );
    expect(calls).toHaveLength(0);
  });

  it('links a new conversation to the assessment when there is none', async () => {
    const { calls, router } = setup(
      '/messages/new?to=u2&subject=Re:%20Task&assessment=a1',
      'recruiter',
    );
    expect(await screen.findByRole('button', { name: 'Remove Carl Candidate' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/messages/conversation/conv1'),
    );
    expect(calls[0]).toMatchObject({ recipientIds: ['u2'], assessmentId: 'a1' });
  });

  it('keeps Send disabled until the form is complete, and says what is missing on leaving a field', async () => {
    setup('/messages/new', 'recruiter');
    const input = await screen.findByLabelText('To:');
    const send = () => screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement;
    expect(send().disabled).toBe(true);
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect(await screen.findByText('Please select at least one recipient')).toBeTruthy();
    fireEvent.blur(screen.getByLabelText('Subject'));
    expect(await screen.findByText('Please enter a subject')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '   ' } });
    fireEvent.blur(screen.getByLabelText('Message'));
    expect(await screen.findByText('Please enter a message')).toBeTruthy();

    fireEvent.focus(input);
    fireEvent.click(await screen.findByRole('option', { name: /Carl Candidate/ }));
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Hi' } });
    expect(send().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    await waitFor(() => expect(send().disabled).toBe(false));
    expect(screen.queryByText('Please select at least one recipient')).toBeNull();
  });

  it('prefills from the query and sends', async () => {
    const { calls, router } = setup('/messages/new?to=u2,zz&to=u3&subject=Re:%20Task', 'recruiter');
    expect(await screen.findByRole('button', { name: 'Remove Carl Candidate' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Cleo Candidate' })).toBeTruthy();
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Re: Task');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cleo Candidate' }));
    expect(screen.queryByRole('button', { name: 'Remove Cleo Candidate' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/messages/conversation/conv1'),
    );
    expect(calls[0]).toMatchObject({ recipientIds: ['u2'], subject: 'Re: Task', message: 'Hello' });
  });

  it('searches and picks by keyboard', async () => {
    setup('/messages/new', 'admin');
    const input = await screen.findByLabelText('To:');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'CLEO' } });
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]!.textContent).toContain('cleo@example.org');
    expect(options[0]!.textContent).toContain('Candidate');
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(await screen.findByRole('button', { name: 'Remove Cleo Candidate' })).toBeTruthy();
    fireEvent.change(input, { target: { value: 'nobody' } });
    expect(await screen.findByText('No matching users found')).toBeTruthy();
    expect(screen.getByRole('combobox')).toBe(input);
  });

  it('shows candidates a checkbox list', async () => {
    setup('/messages/new?to=u1', 'candidate', [users[0]!]);
    const box = (await screen.findByLabelText('Rita Recruiter — Recruiter')) as HTMLInputElement;
    await waitFor(() => expect(box.checked).toBe(true));
    expect(screen.getByRole('group', { name: 'To:' })).toBeTruthy();
  });

  it('shows the candidate empty state', async () => {
    setup('/messages/new', 'candidate', []);
    expect(await screen.findByText("You don't have any assigned recruiters yet.")).toBeTruthy();
  });

  it('shows server issues at the fields', async () => {
    setup('/messages/new?to=u1&subject=Hi', 'admin', users, () =>
      Response.json(
        { message: 'Invalid input', issues: [{ path: ['subject'], message: 'Too rude' }] },
        { status: 400 },
      ),
    );
    await screen.findByRole('button', { name: 'Remove Rita Recruiter' });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Too rude')).toBeTruthy();
    expect(screen.getByText('Invalid input')).toBeTruthy();
  });

  it('marks picked options, toggles them by click and drops the last tag on Backspace', async () => {
    setup('/messages/new', 'recruiter');
    const input = await screen.findByLabelText('To:');
    fireEvent.focus(input);
    fireEvent.click(await screen.findByRole('option', { name: /Carl Candidate/ }));
    expect(
      screen.getByRole('option', { name: /Carl Candidate/ }).getAttribute('aria-selected'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: /Rita Recruiter/ }));
    fireEvent.click(screen.getByRole('option', { name: /Rita Recruiter/ }));
    expect(screen.queryByRole('button', { name: 'Remove Rita Recruiter' })).toBeNull();
    fireEvent.keyDown(input, { key: 'Backspace', code: 'Backspace' });
    expect(screen.queryByRole('button', { name: 'Remove Carl Candidate' })).toBeNull();
  });

  it('moves the focus to the search field when a tag is removed from the keyboard', async () => {
    setup('/messages/new?to=u2', 'recruiter');
    const remove = await screen.findByRole('button', { name: 'Remove Carl Candidate' });
    remove.focus();
    fireEvent.click(remove);
    expect(screen.queryByRole('button', { name: 'Remove Carl Candidate' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('To:')));
  });

  it('reads Sending... and is disabled while sending', async () => {
    let answer: (r: Response) => void = () => {};
    setup('/messages/new?to=u1&subject=Hi', 'admin', users, () => new Promise((r) => (answer = r)));
    await screen.findByRole('button', { name: 'Remove Rita Recruiter' });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    answer(Response.json({}, { status: 500 }));
    expect(await screen.findByText('Failed to create conversation')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });

  it('says why the users could not be loaded, and when there is nobody', async () => {
    setup(
      '/messages/new',
      'recruiter',
      Response.json({ message: 'Database down' }, { status: 503 }),
    );
    expect(await screen.findByText('Failed to load users: Database down')).toBeTruthy();
    cleanup();
    setup('/messages/new', 'admin', []);
    expect(await screen.findByText('No users available to message.')).toBeTruthy();
  });
});
