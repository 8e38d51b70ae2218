import { useTranslation } from 'react-i18next';
import { JOB_TYPES } from '../../../../domain/constants';

/** Experience bands and job types as the reader's language names them. */
export function useCandidateLabels() {
  const { t } = useTranslation('candidates-search');
  return {
    experience: (band: string) => (band ? t('experience', { band }) : ''),
    jobType: (type: string) =>
      (JOB_TYPES as readonly string[]).includes(type) ? t(`jobType.${type}`) : type,
  };
}
