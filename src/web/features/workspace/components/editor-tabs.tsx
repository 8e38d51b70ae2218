import { CloseButton, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './ide.module.css';

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The open files above the editor: choose one, or close it. */
export function EditorTabs({
  openFiles,
  selected,
  unsaved,
  onSelect,
  onClose,
}: {
  openFiles: readonly string[];
  selected: string;
  unsaved: ReadonlySet<string>;
  onSelect: (name: string) => void;
  onClose: (name: string) => void;
}) {
  const { t } = useTranslation('workspace');
  return (
    <ul className={classes.editorTabs} aria-label={t('ide.openFiles')}>
      {openFiles.map((name) => (
        <li key={name} className={classes.editorTab} data-active={name === selected || undefined}>
          <UnstyledButton
            className={classes.editorTabButton}
            aria-current={name === selected ? 'true' : undefined}
            title={name}
            onClick={() => onSelect(name)}
          >
            {baseName(name)}
            {unsaved.has(name) ? <span className={classes.tabDot} aria-hidden="true" /> : null}
          </UnstyledButton>
          <CloseButton
            size="sm"
            aria-label={t('ide.closeFile', { name })}
            onClick={() => onClose(name)}
          />
        </li>
      ))}
    </ul>
  );
}
