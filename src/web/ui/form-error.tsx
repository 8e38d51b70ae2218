import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** An error shown inline above or below a form; announced by screen readers. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      styles={{ message: { color: 'var(--mantine-color-red-9)' } }}
    >
      {children}
    </Alert>
  );
}

/** A success message shown inline; announced politely. */
export function FormSuccess({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert
      role="status"
      color="green"
      variant="light"
      // Darker than green-9, which reads at 3.8:1 on the light alert inside a card.
      styles={{ message: { color: '#1e6b30' } }}
    >
      {children}
    </Alert>
  );
}
