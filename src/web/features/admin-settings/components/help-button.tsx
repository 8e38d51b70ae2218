import { Button, List, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Trans, useTranslation } from 'react-i18next';
import { HelpIcon } from '../../../ui/admin-icons';

/** What each tab does, for an admin new to the screen. */
export function HelpButton() {
  const { t } = useTranslation('admin-settings');
  const [opened, { open, close }] = useDisclosure(false);
  const bold = { b: <strong /> };
  return (
    <>
      <Button variant="default" leftSection={<HelpIcon />} onClick={open}>
        {t('help.button')}
      </Button>
      <Modal
        closeButtonProps={{ 'aria-label': t('closeDialog') }}
        opened={opened}
        onClose={close}
        title={t('help.title')}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">{t('help.intro')}</Text>
          <List size="sm" spacing="xs">
            <List.Item>
              <Trans t={t} i18nKey="help.assessments" components={bold} />
            </List.Item>
            <List.Item>
              <Trans t={t} i18nKey="help.general" components={bold} />
            </List.Item>
            <List.Item>
              <Trans t={t} i18nKey="help.others" components={bold} />
            </List.Item>
          </List>
          <Button onClick={close} variant="light" style={{ alignSelf: 'flex-end' }}>
            {t('help.close')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
