import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner with the spec's loading text (e.g. 'Loading profile...'). */
export function LoadingText({ text }: { text: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden="true" />
        <Text>{text}</Text>
      </Stack>
    </Center>
  );
}
