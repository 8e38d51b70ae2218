import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyProfileDetails, type Profile } from '../../../../domain/profile';
import { renderRoutes } from '../../../test/render-routes';
import { RecruiterProfileForm } from '../components/recruiter-profile-form';
import { profileQueryKey, useProfile } from './get-profile';

// The Bio field's autosize listens for web fonts loading; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const recruiter: Profile = {
  id: 'r1',
  name: 'Riley Recruiter',
  email: 'riley@example.com',
  image: null,
  role: 'recruiter',
  createdAt: '2026-01-01T00:00:00.000Z',
  details: { ...emptyProfileDetails(), company: { ...emptyProfileDetails().company, name: 'Old' } },
};
const user = { id: 'r1', name: 'Riley Recruiter', email: 'riley@example.com', role: 'recruiter' };

/** What the page shows from the cached profile, beside the form that saves it. */
function Page() {
  const profile = useProfile();
  if (!profile.data) return null;
  return (
    <>
      <p>Company: {profile.data.details.company.name}</p>
      <RecruiterProfileForm profile={profile.data} />
    </>
  );
}

/**
 * A server that stores what PUT sends; `hold()` makes the next GET wait, answering with the
 * profile as it was when the read was sent, until `release()`.
 */
function stubServer() {
  let stored = recruiter;
  let holding = false;
  let release = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path !== '/api/profile') return Response.json(null);
      if (init.method === 'PUT') {
        const input = JSON.parse(String(init.body));
        stored = { ...stored, details: { ...stored.details, company: { ...input.company } } };
        return Response.json(stored);
      }
      const before = stored;
      if (!holding) return Response.json(before);
      holding = false;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return Response.json(before);
    }),
  );
  return {
    hold: () => {
      holding = true;
    },
    release: () => release(),
  };
}

describe('saving the profile while a read of it is on its way', () => {
  it('keeps what was saved when the older read answers after the save', async () => {
    const server = stubServer();
    const { client } = renderRoutes([{ path: '/profile', element: <Page /> }], '/profile', {
      ...user,
      role: 'recruiter',
    });
    expect(await screen.findByText('Company: Old')).toBeTruthy();

    // A refresh (a realtime event, the tab refocused) sends a read that is slow to answer.
    server.hold();
    void client.invalidateQueries({ queryKey: profileQueryKey });
    await waitFor(() => expect(client.isFetching({ queryKey: profileQueryKey })).toBe(1));

    fireEvent.change(screen.getByLabelText(/Company Name/), { target: { value: 'Acme Hiring' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Company: Acme Hiring')).toBeTruthy();

    server.release();
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.getByText('Company: Acme Hiring')).toBeTruthy();
    expect(screen.queryByText('Company: Old')).toBeNull();
  });
});
