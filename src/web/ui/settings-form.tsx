import { Button, Group } from '@mantine/core';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/http';
import { FormError, FormSuccess } from './form-error';
import { LoadingText } from './loading-text';

export type SaveStatus = { ok: boolean; text: string } | null;

/**
 * An admin setting's draft, edited field by field, saved as a whole: the
 * status says saved (`savedText`) or why not, and clears on the next edit.
 */
export function useSettingsForm<T extends object>(
  stored: T,
  save: UseMutationResult<unknown, Error, T>,
  savedText: string,
) {
  const { t } = useTranslation('admin-settings');
  const [draft, setDraft] = useState<T>(stored);
  const [status, setStatus] = useState<SaveStatus>(null);
  const edit = (next: Partial<T>) => {
    setDraft((d) => ({ ...d, ...next }));
    setStatus(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    save.mutate(draft, {
      onSuccess: () => setStatus({ ok: true, text: savedText }),
      onError: (error) =>
        setStatus({ ok: false, text: t('settings.saveFailed', { reason: errorMessage(error) }) }),
    });
  };
  return { draft, edit, submit, status, setStatus, saving: save.isPending };
}

/** The Save button and what the last save said. */
export function SettingsSaveRow({ saving, status }: { saving: boolean; status: SaveStatus }) {
  const { t } = useTranslation('admin-settings');
  return (
    <>
      <Group>
        <Button type="submit" loading={saving}>
          {t('settings.save')}
        </Button>
      </Group>
      {status?.ok ? <FormSuccess>{status.text}</FormSuccess> : null}
      {status && !status.ok ? <FormError>{status.text}</FormError> : null}
    </>
  );
}

/** The stored settings once loaded; the loading and error texts until then. */
export function SettingsLoader<T>({
  query,
  children,
}: {
  query: UseQueryResult<T, Error>;
  children: (stored: T) => ReactNode;
}) {
  const { t } = useTranslation('admin-settings');
  if (query.isPending) return <LoadingText text={t('settings.loading')} />;
  if (query.isError) {
    return <FormError>{t('settings.loadFailed', { reason: errorMessage(query.error) })}</FormError>;
  }
  return <>{children(query.data)}</>;
}
