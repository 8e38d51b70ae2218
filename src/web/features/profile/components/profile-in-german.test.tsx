import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyProfileDetails, type Profile } from '../../../../domain/profile';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { CandidateProfileForm } from './candidate-profile-form';
import { ProfileImageSection } from './profile-image-section';

// The Bio field's autosize listens for web fonts loading; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const details = emptyProfileDetails();
const candidate: Profile = {
  id: 'c1',
  name: 'Greta Kandidat',
  email: 'greta@example.com',
  image: null,
  role: 'candidate',
  createdAt: '2026-01-01T00:00:00.000Z',
  details: {
    ...details,
    experience: '3-5',
    jobPreferences: {
      ...details.jobPreferences,
      salary: { min: 65000, max: 80000, currency: 'EUR' },
    },
  },
};

describe('the profile in German', () => {
  it('shows its sections, options, salaries with German grouping and translated checks', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(candidate)),
    );
    await i18n.changeLanguage('de');
    renderRoutes(
      [{ path: '/profile', element: <CandidateProfileForm profile={candidate} /> }],
      '/profile',
      { id: 'c1', name: 'Greta Kandidat', email: 'greta@example.com', role: 'candidate' },
    );
    expect(await screen.findByRole('heading', { name: 'Persönliche Angaben' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Stellenwünsche' })).toBeTruthy();
    expect(screen.getByText('Die E-Mail-Adresse kann nicht geändert werden')).toBeTruthy();
    expect(screen.getByRole('option', { name: '3-5 Jahre' })).toBeTruthy();
    expect(screen.getByLabelText('Vollzeit')).toBeTruthy();
    // German grouping: a full stop between thousands.
    expect((screen.getByLabelText('Mindestgehalt') as HTMLInputElement).value).toBe('65.000');

    fireEvent.change(screen.getByLabelText(/Vollständiger Name/), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    expect(await screen.findByText('Der vollständige Name ist erforderlich')).toBeTruthy();
  });

  it("offers the picture's file choice in German, not in the browser's language", async () => {
    await i18n.changeLanguage('de');
    renderRoutes(
      [{ path: '/profile', element: <ProfileImageSection profile={candidate} /> }],
      '/profile',
      { id: 'c1', name: 'Greta Kandidat', email: 'greta@example.com', role: 'candidate' },
    );
    // The visible button is the file input's label: the browser's own "Choose File" is hidden.
    const input = await screen.findByLabelText('Bild auswählen');
    expect(input.getAttribute('type')).toBe('file');
    expect(screen.getByLabelText('Profilbild')).toBe(input);
  });
});
