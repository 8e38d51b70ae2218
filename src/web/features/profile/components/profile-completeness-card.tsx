import { Button, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/http';
import { DashboardCard } from '../../../ui/dashboard-card';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useProfile } from '../api/get-profile';
import { CANDIDATE_PROFILE_FIELDS, profileCompleteness } from '../lib/profile-completeness';
import '../../assessments/components/styles';

/** How many missing fields to name before '… and N more'. */
const NAMED_MISSING = 3;

/** The share of the candidate's profile filled in, computed from GET /api/profile. */
export function ProfileCompletenessCard() {
  const { t } = useTranslation('candidate-assessments');
  const profile = useProfile();

  /** 'Still to add: Phone, Photo, Bio and 2 more.' in the reader's language. */
  const missingText = (missing: string[]) => {
    const names = CANDIDATE_PROFILE_FIELDS.filter((f) => missing.includes(f.label)).map((f) =>
      t(`fields.${f.key}`),
    );
    const named = names.slice(0, NAMED_MISSING).join(t('profile.separator'));
    const rest = names.length - NAMED_MISSING;
    return rest > 0
      ? t('profile.missingMore', { fields: named, count: rest })
      : t('profile.missing', { fields: named });
  };

  const body = (() => {
    if (profile.isPending) return <LoadingText text={t('profile.loading')} />;
    if (profile.isError)
      return (
        <FormError>{t('profile.loadFailed', { message: errorMessage(profile.error) })}</FormError>
      );
    const { percent, missing } = profileCompleteness(profile.data);
    return (
      <>
        <Text fz={28} fw={700} lh={1.2}>
          {t('percent', { percent: percent })}
        </Text>
        <Progress value={percent} aria-label={t('profile.progressLabel', { percent })} size="md" />
        <Text size="sm" c="dimmed">
          {missing.length === 0 ? t('profile.complete') : missingText(missing)}
        </Text>
      </>
    );
  })();

  return (
    <DashboardCard title={t('profile.title')}>
      {body}
      <Button component={Link} to="/profile" variant="light" fullWidth>
        {t('profile.action')}
      </Button>
    </DashboardCard>
  );
}
