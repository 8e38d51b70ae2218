import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Job } from '../../../../domain/jobs';

/**
 * A published job without a country (posted before the form asked for one): search engines
 * refuse its JobPosting (`addressCountry` missing), so the lists show it and lead to the fix.
 */
export const needsCountry = (job: Pick<Job, 'status' | 'country'>) =>
  job.status === 'published' && !job.country;

/** The job's edit form with the country field focused (`?focus=country`). */
export const editCountryHref = (job: Pick<Job, 'id'>, admin: boolean) =>
  `${admin ? '/admin/jobs' : '/recruiter/job-listings'}/${job.id}/edit?focus=country`;

/** A dark orange: 6.6:1 on white (Mantine's orange.9 is below 4.5:1 for small text). */
const WARNING_TEXT = '#a13d00';

/** "No country · Add the country": shown only when needsCountry(job). */
export function MissingCountry({
  job,
  admin = false,
}: {
  job: Pick<Job, 'id' | 'title' | 'status' | 'country'>;
  admin?: boolean;
}) {
  const { t } = useTranslation('jobs');
  if (!needsCountry(job)) return null;
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text size="sm" fw={600} c={WARNING_TEXT}>
        {t('missingCountry.label')}
      </Text>
      <Anchor
        component={Link}
        to={editCountryHref(job, admin)}
        size="sm"
        aria-label={t('missingCountry.fixFor', { title: job.title })}
        title={t('missingCountry.why')}
      >
        {t('missingCountry.fix')}
      </Anchor>
    </Group>
  );
}
