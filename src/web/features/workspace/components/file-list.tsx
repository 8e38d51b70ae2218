import { Paper, Text, Title, UnstyledButton } from '@mantine/core';
import { IconFile } from './file-icon';
import classes from './workspace.module.css';

type FileListProps = {
  projectName: string;
  branch: string;
  fileNames: string[];
  selected: string;
  /** Files with text the server has not acknowledged yet. */
  unsaved: ReadonlySet<string>;
  onSelect: (fileName: string) => void;
};

/** The project's files; choosing one opens it in the Code Editor tab. */
export function FileList({
  projectName,
  branch,
  fileNames,
  selected,
  unsaved,
  onSelect,
}: FileListProps) {
  return (
    <Paper withBorder radius="md" p="sm" component="nav" aria-label="Project files">
      <Title order={2} fz="sm" mb={2} className={classes.breakAll}>
        {projectName}
      </Title>
      <Text size="xs" c="dimmed" mb="sm" className={classes.breakAll}>
        Branch: {branch}
      </Text>
      <ul className={classes.fileList}>
        {fileNames.map((name) => (
          <li key={name}>
            <UnstyledButton
              className={classes.fileButton}
              data-active={name === selected || undefined}
              aria-current={name === selected ? 'true' : undefined}
              onClick={() => onSelect(name)}
            >
              <IconFile />
              <span className={classes.fileName}>{name}</span>
              {unsaved.has(name) ? (
                <span className={classes.unsavedDot} title="Not saved yet">
                  <span className={classes.visuallyHidden}> (not saved yet)</span>
                </span>
              ) : null}
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </Paper>
  );
}
