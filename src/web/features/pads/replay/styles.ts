// Mantine's styles for the components the pad's session uses beyond the app shell's (see
// app/providers.tsx): they load with the session's chunk. Mantine's order.
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Slider.css';
