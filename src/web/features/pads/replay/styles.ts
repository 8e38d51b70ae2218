// Mantine's styles for the components the pad's session uses beyond the app shell's (see
// app/providers.tsx): they load with the session's chunk. Mantine's order.
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Combobox.css';
// SegmentedControl's indicator is a FloatingIndicator: without its styles (top: 0, left: 0)
// the highlight sits the control's padding off its segment.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Slider.css';
