import { OutlineIcon } from '../../../ui/icons';

/** A file glyph for the file list (decorative). */
export function IconFile({ size = 16 }: { size?: number }) {
  return (
    <OutlineIcon size={size}>
      <path d="M14 3v4a1 1 0 0 0 1 1h4" />
      <path d="M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2z" />
    </OutlineIcon>
  );
}

/** A folder glyph for the file list (decorative). */
export function IconFolder({ size = 16 }: { size?: number }) {
  return (
    <OutlineIcon size={size}>
      <path d="M5 4h4l3 3h7a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2" />
    </OutlineIcon>
  );
}
