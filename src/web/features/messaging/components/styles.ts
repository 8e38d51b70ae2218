// Mantine styles of the components only the messaging screens use: imported here so they
// load with these screens' chunks, not with /login (see src/web/app/providers.tsx).
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
