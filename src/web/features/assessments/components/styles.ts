// Mantine styles of the components only these screens use: imported here so they load with
// the screens' chunks, not with /login (see src/web/app/providers.tsx).
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Progress.css';
// SegmentedControl's indicator is a FloatingIndicator: without its styles (top: 0, left: 0)
// the highlight sits the control's padding off its segment.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
