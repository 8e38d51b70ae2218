import { Button, List, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { HelpIcon } from './icons';

/** What each tab does, for an admin new to the screen. */
export function HelpButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" leftSection={<HelpIcon />} onClick={open}>
        Help
      </Button>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
        opened={opened}
        onClose={close}
        title="System Settings help"
        centered
      >
        <Stack gap="sm">
          <Text size="sm">The tabs of this screen:</Text>
          <List size="sm" spacing="xs">
            <List.Item>
              <strong>Assessments</strong>: the templates recruiters assign to candidates. Create,
              edit, activate or delete them; the search box above filters them by title or role.
            </List.Item>
            <List.Item>
              <strong>General</strong>: the default duration new templates start with, and the
              current state of the system.
            </List.Item>
            <List.Item>
              <strong>Security</strong>: the session timeout, Require two-factor sign-in, and the
              roles. <strong>Departments</strong>: add, rename, archive or delete the departments
              templates and jobs are filed under. <strong>AI Configuration</strong>: automated
              feedback from test runs (its detail level, whether candidates see it); AI model
              features are off and it says why.
            </List.Item>
          </List>
          <Button onClick={close} variant="light" style={{ alignSelf: 'flex-end' }}>
            Close
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
