import { useEffect } from 'react';

/** Sets the tab title to "<page> · SimchaHub" while a page is shown. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · SimchaHub` : 'SimchaHub · Plan your simcha';
  }, [title]);
}
