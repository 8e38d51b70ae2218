import { List, Paper, Text, Title } from '@mantine/core';
import { DEPARTMENTS } from '../../../../domain/constants';

/** Departments: the spec's six, which jobs use; not editable yet and not linked to templates. */
export function DepartmentsPanel() {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} fz="lg" mb="xs">
        Departments
      </Title>
      <Text mb="sm">
        The departments jobs are filed under. They cannot be edited here yet, and assessment
        templates are not linked to a department.
      </Text>
      <List spacing="xs">
        {DEPARTMENTS.map((d) => (
          <List.Item key={d}>{d}</List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** AI Configuration: nothing to switch, and it says why. */
export function AiPanel() {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} fz="lg" mb="xs">
        AI Configuration
      </Title>
      <Text mb="sm">
        AI features are off: no AI model is configured on this server, and nothing in the product
        uses one yet, so there are no switches here.
      </Text>
      <Text size="sm" c="dimmed">
        Automated feedback on test runs is being built separately; its settings will appear here
        when it can run.
      </Text>
    </Paper>
  );
}
