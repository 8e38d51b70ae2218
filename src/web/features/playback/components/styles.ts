// Mantine's styles for the components the player uses beyond the app shell's (see
// app/providers.tsx): they load with the player's chunk. Mantine's order.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Slider.css';
