import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InterviewPad } from '../../../../domain/interviews';

/**
 * The way into a started pad from an interview: "Join pad" for the candidate (while it is
 * open), "Open pad" for the hiring team (open, or ended: it then opens read-only).
 */
export function PadLinkButton({ pad, join }: { pad: InterviewPad; join?: boolean }) {
  const { t } = useTranslation('pad-sessions');
  if (join && pad.status !== 'open') return null;
  return (
    <Button
      component={Link}
      to={`/pads/${encodeURIComponent(pad.id)}`}
      size="xs"
      variant={join ? 'filled' : 'light'}
    >
      {join ? t('entry.join') : t('entry.open')}
    </Button>
  );
}
