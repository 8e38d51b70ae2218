// The Mantine component styles Manage Users uses beyond the app shell's
// (src/web/app/providers.tsx): imported here so they load with this lazy chunk only.
// The order follows Mantine's own styles.css.
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/ScrollArea.css';
// SegmentedControl's indicator is a FloatingIndicator: without its styles (top: 0, left: 0)
// the highlight sits the control's padding off its segment.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Table.css';
