import { List, Paper, Text, Title } from '@mantine/core';

type LaterReleasePanelProps = { title: string; items: string[] };

/** A settings tab whose controls ship in a later release: what it will hold, no dummy controls. */
export function LaterReleasePanel({ title, items }: LaterReleasePanelProps) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} fz="lg" mb="xs">
        {title}
      </Title>
      <Text mb="sm">This section arrives in a later release. It will hold:</Text>
      <List spacing="xs">
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </Paper>
  );
}

export const SECURITY_ITEMS = [
  'Two-factor authentication for sign-in',
  'Session timeout: 15 minutes, 30 minutes (the default), 1 hour, 2 hours or 4 hours',
  'Roles and what each may do: Administrator, Manager, Recruiter, Candidate',
];

export const DEPARTMENT_ITEMS = [
  'The departments: Engineering, Marketing, Sales, Product, Design, Customer Support',
  'The assessment templates each department uses',
];

export const AI_ITEMS = [
  'Switches for the AI features, such as feedback on submissions',
  'Feedback detail: Basic, Standard (the default), Detailed or Comprehensive',
  'The AI models in use',
];
