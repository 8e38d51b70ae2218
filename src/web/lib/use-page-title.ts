import { useEffect } from 'react';

export const PRODUCT_NAME = 'TalentForge';

/** Sets the document title for the current screen. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
