import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';

export function NotFoundScreen() {
  usePageTitle('Page Not Found');
  return (
    <Center py={64}>
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>Page Not Found</Title>
        <Text size="lg">The page you are looking for does not exist.</Text>
        <Button component={Link} to="/">
          Go to the start page
        </Button>
      </Stack>
    </Center>
  );
}
