import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAD_LANGUAGES, type PadLanguage } from '../../../../domain/pads';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { useNewAdHocPad } from './entry-api';

/** Names of the languages a pad starts in (names of products: the same in every language). */
const LANGUAGE_NAMES: Record<PadLanguage, string> = {
  typescript: 'TypeScript',
  javascript: 'JavaScript',
  python: 'Python',
  go: 'Go',
  java: 'Java',
};

/** New pad: the job's recruiter starts an ad hoc pad with the application's candidate. */
export function NewPadButton({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('pad-sessions');
  const start = useNewAdHocPad(applicationId);
  const navigate = useNavigate();
  return (
    <>
      <Menu position="bottom-start">
        <Menu.Target>
          <Button size="xs" variant="default" loading={start.isPending}>
            {t('entry.newPad')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('entry.language')}</Menu.Label>
          {PAD_LANGUAGES.map((language) => (
            <Menu.Item
              key={language}
              onClick={() =>
                start.mutate(language, { onSuccess: (pad) => navigate(`/pads/${pad.id}`) })
              }
            >
              {LANGUAGE_NAMES[language]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {start.isError ? <FormError>{errorMessage(start.error)}</FormError> : null}
    </>
  );
}
