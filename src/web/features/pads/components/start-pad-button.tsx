import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStartPad } from '../api/pads';

/** Start pad on an interview: opens its pad (started now, or the open one). */
export function StartPadButton({ interviewId }: { interviewId: string }) {
  const { t } = useTranslation('pads');
  const start = useStartPad();
  const navigate = useNavigate();
  return (
    <Button
      size="xs"
      variant="light"
      loading={start.isPending}
      onClick={() =>
        start.mutate(
          { interviewId, language: 'typescript' },
          { onSuccess: (pad) => navigate(`/pads/${pad.id}`) },
        )
      }
    >
      {t('start')}
    </Button>
  );
}
