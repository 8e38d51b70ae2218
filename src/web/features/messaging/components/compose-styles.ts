// Mantine styles of the components only the compose screen uses: imported here so they load
// with its chunk, not with /login (see src/web/app/providers.tsx).
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
