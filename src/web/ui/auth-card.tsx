import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';

type AuthCardProps = { title: string; subtitle?: ReactNode; children: ReactNode };

/** The centred card the sign-in screens share. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  usePageTitle(title);
  return (
    <Container size={460} px="md" py={{ base: 'lg', sm: 48 }}>
      <Title order={1} ta="center" fz={{ base: 26, sm: 30 }}>
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" ta="center" mt={6}>
          {subtitle}
        </Text>
      ) : null}
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} mt="lg" radius="md">
        {children}
      </Paper>
    </Container>
  );
}
