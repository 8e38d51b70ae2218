import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAD_LANGUAGES } from '../../../../domain/pads';
import { errorMessage } from '../../../api/api-error';
import { templatesQuery } from '../../assessments/api/templates';
import { useStartPad } from '../api/pads';
import { LANGUAGE_NAMES } from '../lib/language-names';

/**
 * Start pad on an interview: opens its pad, started now from the chosen language's project or
 * from an assessment template's project (or the open one). The templates are asked for when
 * the menu opens.
 */
export function StartPadButton({ interviewId }: { interviewId: string }) {
  const { t } = useTranslation('pads');
  const navigate = useNavigate();
  const start = useStartPad({
    onSuccess: (pad) => navigate(`/pads/${pad.id}`),
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });
  const [opened, setOpened] = useState(false);
  const templates = useQuery({ ...templatesQuery(), enabled: opened });
  const open = (choice: { language: (typeof PAD_LANGUAGES)[number] } | { templateId: string }) =>
    start.mutate({ interviewId, ...choice });
  const usable = (templates.data ?? []).filter((template) => template.active);
  return (
    // With many templates the list is taller than the screen, and a drawer locks the page's
    // scroll: the dropdown fits the space there is (floating-ui's size) and scrolls itself.
    <Menu
      position="bottom-start"
      opened={opened}
      onChange={setOpened}
      middlewares={{ flip: true, shift: true, size: { padding: 8 } }}
    >
      <Menu.Target>
        <Button size="xs" variant="light" loading={start.isPending}>
          {t('start')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown style={{ overflowY: 'auto' }}>
        <Menu.Label>{t('language')}</Menu.Label>
        {PAD_LANGUAGES.map((language) => (
          <Menu.Item key={language} onClick={() => open({ language })}>
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
        {usable.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('fromTemplate')}</Menu.Label>
            {usable.map((template) => (
              <Menu.Item key={template.id} onClick={() => open({ templateId: template.id })}>
                {template.title}
              </Menu.Item>
            ))}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
