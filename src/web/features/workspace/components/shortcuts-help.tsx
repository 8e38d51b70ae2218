import { Button, Kbd, Modal, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Key names: technical tokens, the same in every language. */
const SHORTCUTS = [
  { action: 'runTests', keys: [['Ctrl', 'Enter']] },
  { action: 'save', keys: [['Ctrl', 'S']] },
  { action: 'quickOpen', keys: [['Ctrl', 'P']] },
  {
    action: 'switchFile',
    keys: [
      ['Alt', 'PageUp'],
      ['Alt', 'PageDown'],
    ],
  },
] as const;

/** A small button that lists the workspace's keyboard shortcuts (Cmd for Ctrl on a Mac). */
export function ShortcutsHelp() {
  const { t } = useTranslation('workspace');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="subtle" size="compact-sm" onClick={() => setOpened(true)}>
        {t('ide.shortcuts')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('ide.shortcuts')}>
        <Table>
          <Table.Tbody>
            {SHORTCUTS.map(({ action, keys }) => (
              <Table.Tr key={action}>
                <Table.Td>{t(`ide.shortcut.${action}`)}</Table.Td>
                <Table.Td>
                  {keys.map((combo, i) => (
                    <span key={combo.join('+')}>
                      {i > 0 ? ' / ' : null}
                      {combo.map((k, j) => (
                        <span key={k}>
                          {j > 0 ? ' + ' : null}
                          <Kbd>{k}</Kbd>
                        </span>
                      ))}
                    </span>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </>
  );
}
