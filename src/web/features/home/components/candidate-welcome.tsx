import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WelcomeHeader } from './welcome-header';

/** The candidate dashboard's header ('Welcome, {name}' and the line under it). */
export function CandidateWelcome() {
  const { t } = useTranslation('dashboards');
  return (
    <WelcomeHeader
      fallbackName={t('candidate.fallbackName')}
      description={t('candidate.description')}
    />
  );
}

/**
 * The header as /candidate's route renders it, above the dashboard's chunk: it needs only the
 * session and the catalogue, so the page's largest text (its LCP) paints before the dashboard's
 * code has loaded and run, and stays the same element when the dashboard appears under it
 * (docs/decisions/033, third part). In the entry's chunk.
 */
export function CandidateWelcomeSlot() {
  // Not suspending: until the catalogue is there, bars hold the header's place.
  const { ready } = useTranslation('dashboards', { useSuspense: false });
  if (ready) return <CandidateWelcome />;
  return (
    <Stack gap="md" mb="lg" aria-hidden="true">
      <Skeleton height={32} width="55%" radius="sm" />
      <Skeleton height={14} width="80%" radius="xl" />
    </Stack>
  );
}
