import { Button } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './ide.module.css';

/** The bottom panel under the editor: the test output, folded away when the editor needs room. */
export function TestsPanel({ children }: { children: ReactNode }) {
  const { t } = useTranslation('workspace');
  const [open, setOpen] = useState(true);
  const id = useId();
  return (
    <div className={classes.bottom} data-open={open || undefined}>
      <Button
        variant="subtle"
        size="compact-xs"
        className={classes.bottomToggle}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('ide.hideTests') : t('ide.showTests')}
      </Button>
      <div id={id} hidden={!open} className={classes.bottomBody}>
        {children}
      </div>
    </div>
  );
}
