import { Button, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingText } from '../../../ui/loading-text';
import './styles';

/** The player brings CodeMirror: loaded only when a reviewer opens it. */
const PlaybackPlayer = lazy(() =>
  import('./playback-player').then((m) => ({ default: m.PlaybackPlayer })),
);

/** "Playback" for one of the candidate's files: the recorded editing history in a dialog. */
export function PlaybackButton({
  assessmentId,
  fileName,
}: {
  assessmentId: string;
  fileName: string;
}) {
  const { t } = useTranslation('playback');
  const [open, setOpen] = useState(false);
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpen(true)}>
        {t('button')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('title', { fileName })}
        size="xl"
        fullScreen={narrow}
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {open ? (
          <Suspense fallback={<LoadingText text={t('loading')} />}>
            <PlaybackPlayer assessmentId={assessmentId} fileName={fileName} />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
