import '@mantine/core/styles/Skeleton.css';
import { Box, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/**
 * The bar's links and user menu while the session is read: the shell paints at once with
 * the bar's shape, and the links arrive in place (no full-page loading text, issue 31).
 */
export function NavigationSkeleton() {
  return (
    <Group gap="sm" wrap="nowrap" aria-hidden="true" style={{ flex: 1 }} justify="space-between">
      <Box visibleFrom="sm">
        <Group gap="md" wrap="nowrap" pl="sm">
          {[72, 88, 96, 64].map((width) => (
            <Skeleton key={width} height={12} width={width} radius="xl" />
          ))}
        </Group>
      </Box>
      <Group gap="xs" wrap="nowrap" ml="auto">
        <Skeleton circle height={28} />
        <Skeleton circle height={36} />
      </Group>
    </Group>
  );
}

/**
 * A screen's place while the user's role is read: the heading's and a few cards' shapes
 * inside the shell; screen readers hear the spec's loading text.
 */
export function PageSkeleton({ label, title = true }: { label: string; title?: boolean }) {
  return (
    <Stack gap="md" role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      {title ? (
        <>
          <Skeleton height={32} width="55%" radius="sm" aria-hidden="true" />
          <Skeleton height={14} width="80%" radius="xl" aria-hidden="true" />
        </>
      ) : null}
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={96} radius="md" aria-hidden="true" />
      ))}
    </Stack>
  );
}
