// Styles of the Mantine components only the security screens use (see app/providers.tsx
// for the shared ones), so they arrive with these lazy chunks and not on /login.
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Image.css';
