// Mantine styles of the components only these screens use: imported here so they load with
// the screens' chunks, not with /login (see src/web/app/providers.tsx).
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
