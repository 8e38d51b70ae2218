import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAD_LANGUAGES, type PadLanguage } from '../../../../domain/pads';
import { useStartPad } from '../api/pads';

/** Names of the languages a pad starts in (names of products: the same in every language). */
const LANGUAGE_NAMES: Record<PadLanguage, string> = {
  typescript: 'TypeScript',
  javascript: 'JavaScript',
  python: 'Python',
  go: 'Go',
  java: 'Java',
};

/** Start pad on an interview: opens its pad (started now in the chosen language, or the open one). */
export function StartPadButton({ interviewId }: { interviewId: string }) {
  const { t } = useTranslation('pads');
  const start = useStartPad();
  const navigate = useNavigate();
  const open = (language: PadLanguage) =>
    start.mutate({ interviewId, language }, { onSuccess: (pad) => navigate(`/pads/${pad.id}`) });
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button size="xs" variant="light" loading={start.isPending}>
          {t('start')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language')}</Menu.Label>
        {PAD_LANGUAGES.map((language) => (
          <Menu.Item key={language} onClick={() => open(language)}>
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
