import { NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENDONYMS, isLanguage, LANGUAGES } from '../../../../domain/languages';
import { errorMessage } from '../../../api/http';
import { languageWithoutChoice } from '../../../lib/i18n';
import { useSessionState } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { useSetLanguage } from '../api/set-language';

const FOLLOW_BROWSER = '';

/**
 * The profile's language choice, saved as soon as it is picked: the screen (and the
 * browser's other tabs) switch at once, mails follow it from then on.
 */
export function LanguageSetting() {
  const { t } = useTranslation();
  const session = useSessionState();
  const save = useSetLanguage();
  const [saved, setSaved] = useState(false);
  const chosen = session.status === 'signed-in' ? session.user.language : null;
  const browser = languageWithoutChoice(undefined);

  const options = [
    {
      value: FOLLOW_BROWSER,
      label: t('language.browser', { language: ENDONYMS[browser] }),
    },
    // Each language in its own words, then in the reader's, so anyone finds theirs.
    ...LANGUAGES.map((language) => {
      const translated = t(`languages.${language}`);
      return {
        value: language,
        label:
          translated === ENDONYMS[language] ? translated : `${ENDONYMS[language]} · ${translated}`,
      };
    }),
  ];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('language.title')}
        </Title>
        <NativeSelect
          label={t('language.label')}
          description={t('language.description')}
          data={options}
          value={chosen ?? FOLLOW_BROWSER}
          disabled={save.isPending}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setSaved(false);
            save.mutate(isLanguage(value) ? value : null, { onSuccess: () => setSaved(true) });
          }}
        />
        {saved ? (
          <Text size="sm" c="teal.9" role="status">
            {t('language.saved')}
          </Text>
        ) : null}
        {save.isError ? (
          <FormError>{t('language.failed', { message: errorMessage(save.error) })}</FormError>
        ) : null}
      </Stack>
    </Paper>
  );
}
