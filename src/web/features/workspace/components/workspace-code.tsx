import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import type { WorkspaceAccess } from '../lib/access';
import { CodePanel } from './code-panel';
import type { WorkspaceFiles } from './use-workspace-files';

/** The editor of the file shown, or why there is none yet (loading, or the files failed). */
export function WorkspaceCode({
  access,
  project,
}: {
  access: WorkspaceAccess;
  project: WorkspaceFiles;
}) {
  const { t } = useTranslation('workspace');
  const { files, filesFresh, editable, sync, recorder, protectedNow } = project;
  const selectedFile = project.editorFiles.selected;
  const doc = sync.view(selectedFile);

  if (files.isPending || (!filesFresh && files.isFetching)) {
    return <LoadingText text={t('files.loading')} />;
  }
  if (!files.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormError>{t('files.loadError', { message: errorMessage(files.error) })}</FormError>
        <Button variant="default" onClick={() => void files.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  }
  if (!doc) return <LoadingText text={t('files.loading')} />;
  return (
    <CodePanel
      fileName={selectedFile}
      content={doc.content}
      revision={doc.revision}
      readOnly={!editable || protectedNow.has(selectedFile)}
      readOnlyReason={
        protectedNow.has(selectedFile) && editable
          ? t('readOnly.protected')
          : access.readOnlyReason && t(`readOnly.${access.readOnlyReason}`)
      }
      status={doc.status}
      error={doc.error}
      onChange={editable ? (name, text) => sync.edit(name, text) : undefined}
      recorder={editable ? recorder : null}
    />
  );
}
