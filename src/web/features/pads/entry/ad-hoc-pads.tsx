import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useApplicationPads } from './entry-api';
import { LazyPadSession } from './lazy-pad-session';
import { PadLinkButton } from './pad-link-button';

/**
 * An application's pads started without an interview (New pad): the team reads each one's
 * session; the candidate gets "Join pad" on those still open. An interview's pad shows with
 * its interview instead.
 */
export function AdHocPads({ applicationId, team }: { applicationId: string; team: boolean }) {
  const { t } = useTranslation('pad-sessions');
  const pads = useApplicationPads(applicationId);
  const adHoc = (pads.data ?? []).filter(
    (p) => p.interviewId === null && (team || p.status === 'open'),
  );
  if (adHoc.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="ad-hoc-pads">
      <Text size="sm" fw={500}>
        {t('entry.adHocHeading')}
      </Text>
      {adHoc.map((p) =>
        team ? (
          <LazyPadSession key={p.id} padId={p.id} />
        ) : (
          <Stack key={p.id} gap={4} align="flex-start">
            <Text size="sm">{t('entry.adHoc', { at: formatDateTime(p.createdAt) })}</Text>
            <PadLinkButton pad={p} join />
          </Stack>
        ),
      )}
    </Stack>
  );
}
