import { Paper, Text } from '@mantine/core';
import { PRODUCT_NAME } from '../../../lib/use-page-title';
import { PageHeader } from '../../../ui/page-header';

/** A screen whose content ships in a later release; the route and its guard are real. */
export function UpcomingScreen({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="lg" radius="md">
        <Text>This part of {PRODUCT_NAME} arrives in a later release.</Text>
      </Paper>
    </>
  );
}
