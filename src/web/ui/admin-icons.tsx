import { OutlineIcon as Outline } from './icons';

/** The admin screens' outline icons (the sidebar's and the settings header's). */
export const SearchIcon = () => (
  <Outline size={16}>
    <circle cx="10" cy="10" r="7" />
    <path d="M21 21l-6-6" />
  </Outline>
);

export const HelpIcon = () => (
  <Outline size={16}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 17v.01" />
    <path d="M12 13.5a1.5 1.5 0 0 1 1-1.5a2.6 2.6 0 1 0-3-4" />
  </Outline>
);

export const SettingsIcon = () => (
  <Outline>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3a1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5a1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8a1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1a1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5a1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </Outline>
);

export const UsersIcon = () => (
  <Outline>
    <circle cx="9" cy="7" r="4" />
    <path d="M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2" />
    <path d="M16 3.1a4 4 0 0 1 0 7.8" />
    <path d="M21 21v-2a4 4 0 0 0-3-3.9" />
  </Outline>
);

export const DatabaseIcon = () => (
  <Outline>
    <ellipse cx="12" cy="6" rx="8" ry="3" />
    <path d="M4 6v6c0 1.7 3.6 3 8 3s8-1.3 8-3V6" />
    <path d="M4 12v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6" />
  </Outline>
);

export const PlugIcon = () => (
  <Outline>
    <path d="M9 7V3" />
    <path d="M15 7V3" />
    <path d="M6 7h12v4a6 6 0 0 1-12 0z" />
    <path d="M12 17v4" />
  </Outline>
);

export const ChartIcon = () => (
  <Outline>
    <path d="M3 3v18h18" />
    <path d="M7 15l4-4l3 3l5-6" />
  </Outline>
);

export const LogsIcon = () => (
  <Outline>
    <path d="M14 3v4a1 1 0 0 0 1 1h4" />
    <path d="M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2z" />
    <path d="M9 13h6" />
    <path d="M9 17h6" />
  </Outline>
);
