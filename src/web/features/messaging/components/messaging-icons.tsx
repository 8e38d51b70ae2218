/** The messaging screens' icons, drawn with the app's outline icon frame (all decorative). */
import { OutlineIcon } from '../../../ui/icons';

type IconProps = { size?: number };

export function ArrowLeftIcon({ size = 20 }: IconProps) {
  return (
    <OutlineIcon size={size}>
      <path d="M5 12h14" />
      <path d="M5 12l6 6" />
      <path d="M5 12l6-6" />
    </OutlineIcon>
  );
}

export function PencilPlusIcon({ size = 16 }: IconProps) {
  return (
    <OutlineIcon size={size}>
      <path d="M4 20h4l10.5-10.5a2.828 2.828 0 1 0-4-4L4 16v4" />
      <path d="M13.5 6.5l4 4" />
      <path d="M16 19h6" />
      <path d="M19 16v6" />
    </OutlineIcon>
  );
}

export function SendIcon({ size = 16 }: IconProps) {
  return (
    <OutlineIcon size={size}>
      <path d="M10 14L21 3" />
      <path d="M21 3l-6.5 18a.55.55 0 0 1-1 0L10 14l-7-3.5a.55.55 0 0 1 0-1L21 3" />
    </OutlineIcon>
  );
}

export function InboxIcon({ size = 16 }: IconProps) {
  return (
    <OutlineIcon size={size}>
      <path d="M4 6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z" />
      <path d="M4 13h3l3 3h4l3-3h3" />
    </OutlineIcon>
  );
}

export function ChatBubblesIcon({ size = 28 }: IconProps) {
  return (
    <OutlineIcon size={size}>
      <path d="M21 14l-3-3h-7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v10" />
      <path d="M14 15v2a1 1 0 0 1-1 1H6l-3 3V11a1 1 0 0 1 1-1h2" />
    </OutlineIcon>
  );
}

export function EyeIcon({ size = 16 }: IconProps) {
  return (
    <OutlineIcon size={size}>
      <path d="M10 12a2 2 0 1 0 4 0a2 2 0 0 0-4 0" />
      <path d="M21 12c-2.4 4-5.4 6-9 6c-3.6 0-6.6-2-9-6c2.4-4 5.4-6 9-6c3.6 0 6.6 2 9 6" />
    </OutlineIcon>
  );
}
