import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme';
import { i18n } from '../../../lib/i18n';
import { assessmentFixture } from '../../../test/assessment-fixture';
import { AssessmentCard } from './candidate-assessment-card';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function renderCard() {
  render(
    <MantineProvider theme={theme} env="test">
      <MemoryRouter>
        <AssessmentCard assessment={assessmentFixture({ companyName: 'Northwind Labs' })} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

const companyLine = () => screen.getByText(/Northwind Labs/).closest('p')?.textContent;

describe("An assessment card's detail lines", () => {
  it('put no space after the Japanese full-width colon, like the due-date line', async () => {
    await i18n.changeLanguage('ja');
    await i18n.loadNamespaces(['candidate-assessments']);
    renderCard();
    expect(companyLine()).toBe('会社：Northwind Labs');
    expect(screen.getByText(/^期限：/)).toBeTruthy();
  });

  it('keep the space after the colon in English and French', async () => {
    await i18n.loadNamespaces(['candidate-assessments']);
    renderCard();
    expect(companyLine()).toBe('Company: Northwind Labs');
    cleanup();
    await i18n.changeLanguage('fr');
    await i18n.loadNamespaces(['candidate-assessments']);
    renderCard();
    expect(companyLine()).toBe('Entreprise : Northwind Labs');
  });
});
