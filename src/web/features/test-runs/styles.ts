// Styles of the Mantine components the test-runs components use (the shell loads the
// shared ones, see app/providers.tsx); they arrive with the screens that show them.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioIndicator.css';
