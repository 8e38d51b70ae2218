import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from './form-error';

/** An inline load error with a way to try again. */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('recruiter');
  return (
    <FormError>
      <Group justify="space-between" gap="sm">
        <span>{text}</span>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t('tryAgain')}
        </Button>
      </Group>
    </FormError>
  );
}

/** A quiet box for 'nothing here'. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" bg="gray.0">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Paper>
  );
}
