import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingText } from '../../../ui/loading-text';

// The session view brings the editor and Yjs: a chunk of its own, loaded where a pad shows.
const PadSession = lazy(() =>
  import('../replay/pad-session').then((m) => ({ default: m.PadSession })),
);

/** A pad's session (final code, notes, replay) for the hiring team, loaded on demand. */
export function LazyPadSession({ padId }: { padId: string }) {
  const { t } = useTranslation('pad-sessions');
  return (
    <Suspense fallback={<LoadingText text={t('session.loading')} />}>
      <PadSession padId={padId} />
    </Suspense>
  );
}
