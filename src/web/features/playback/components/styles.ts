// Mantine's styles for the components the player uses beyond the app shell's (see
// app/providers.tsx): they load with the player's chunk. Mantine's order.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
// SegmentedControl's indicator is a FloatingIndicator: without its styles (top: 0, left: 0)
// the highlight sits the control's padding off its segment.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Slider.css';
