import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyProfileDetails, type Profile } from '../../../../domain/profile';
import { renderRoutes } from '../../../test/render-routes';
import { ProfileImageSection } from './profile-image-section';
import { RecruiterProfileForm } from './recruiter-profile-form';

// Moved here from two browser journeys (tests/e2e/profile.spec.ts): what they checked is the
// form's and the picture's behaviour on screen; the server's side of both is in
// src/server/features/profile/profile.test.ts.

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

/** fetch answering like the server: PUT /api/profile stores what was sent. */
function stubServer(image?: Response) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    if (path === '/api/profile' && method === 'PUT') {
      const input = JSON.parse(String(init.body));
      return Response.json({
        ...recruiter,
        name: input.name,
        details: { ...recruiter.details, ...input, company: { ...input.company } },
      });
    }
    if (path === '/api/profile/image' && image) return image;
    if (path === '/api/profile') return Response.json(recruiter);
    return Response.json(null);
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

const writes = (sent: { method: string }[]) => sent.filter((r) => r.method !== 'GET');

describe("a recruiter's profile form", () => {
  it('asks for the company name and a valid website before sending, then saves', async () => {
    const sent = stubServer();
    renderRoutes(
      [{ path: '/profile', element: <RecruiterProfileForm profile={recruiter} /> }],
      '/profile',
      { ...user, role: 'recruiter' },
    );
    fireEvent.change(await screen.findByLabelText(/Company Name/), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Company Name is required')).toBeTruthy();
    expect(screen.getByText('Website must be a valid URL')).toBeTruthy();
    expect(writes(sent)).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Company Name/), { target: { value: 'Acme Hiring' } });
    fireEvent.change(screen.getByLabelText('Website'), {
      target: { value: 'https://acme.example' },
    });
    fireEvent.change(screen.getByLabelText('Industry'), { target: { value: 'Technology' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    const [put] = writes(sent);
    expect(put).toMatchObject({
      method: 'PUT',
      path: '/api/profile',
      body: {
        company: { name: 'Acme Hiring', website: 'https://acme.example', industry: 'Technology' },
      },
    });
    expect(screen.queryByText('Company Name is required')).toBeNull();
  });
});

describe('the profile picture', () => {
  it("shows the server's refusal of a file that only claims to be an image", async () => {
    const refusal = 'Only PNG, JPEG, WebP or GIF images can be uploaded';
    const sent = stubServer(Response.json({ message: refusal }, { status: 415 }));
    renderRoutes(
      [{ path: '/profile', element: <ProfileImageSection profile={recruiter} /> }],
      '/profile',
      { ...user, role: 'recruiter' },
    );
    const file = new File(['<html>not an image</html>'], 'photo.png', { type: 'image/png' });
    fireEvent.change(await screen.findByLabelText('Profile picture'), {
      target: { files: [file] },
    });
    expect(await screen.findByText(new RegExp(refusal))).toBeTruthy();
    expect(writes(sent)).toMatchObject([{ method: 'POST', path: '/api/profile/image' }]);
    expect(screen.queryByText('Profile picture updated.')).toBeNull();
    await waitFor(() => expect(screen.queryByText('Uploading...')).toBeNull());
  });
});
