// The styles Analytics uses beyond the app shell's (src/web/app/providers.tsx), so they load
// with this lazy chunk only: Mantine's charts and the components of the filters and tables.
// The order follows Mantine's own styles.css.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import '@mantine/charts/styles.css';
