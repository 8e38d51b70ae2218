import { Button, Progress, Text } from '@mantine/core';
import { Link } from 'react-router';
import { failure, TEXTS } from '../../../../domain/texts';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useProfile } from '../../profile/api/get-profile';
import { profileCompleteness } from '../lib/profile-completeness';
import { DashboardCard } from './dashboard-card';
import './styles';

/** How many missing fields to name before '… and N more'. */
const NAMED_MISSING = 3;

function missingText(missing: string[]): string {
  const named = missing.slice(0, NAMED_MISSING).join(', ');
  const rest = missing.length - NAMED_MISSING;
  return rest > 0 ? `Still to add: ${named} and ${rest} more.` : `Still to add: ${named}.`;
}

/** The share of the candidate's profile filled in, computed from GET /api/profile. */
export function ProfileCompletenessCard() {
  const profile = useProfile();

  const body = (() => {
    if (profile.isPending) return <LoadingText text={TEXTS.loadingProfile} />;
    if (profile.isError)
      return <FormError>{failure.loadProfile(errorMessage(profile.error))}</FormError>;
    const { percent, missing } = profileCompleteness(profile.data);
    return (
      <>
        <Text fz={28} fw={700} lh={1.2}>
          {percent}%
        </Text>
        <Progress value={percent} aria-label={`Profile completeness: ${percent}%`} size="md" />
        <Text size="sm" c="dimmed">
          {missing.length === 0
            ? 'Your profile is complete. Recruiters see everything they need.'
            : missingText(missing)}
        </Text>
      </>
    );
  })();

  return (
    <DashboardCard title="Profile Completeness">
      {body}
      <Button component={Link} to="/profile" variant="light" fullWidth>
        Complete your profile
      </Button>
    </DashboardCard>
  );
}
