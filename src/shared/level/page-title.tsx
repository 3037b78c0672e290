import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { APP_TITLE } from '@/shared/config';

export type PageHeader = { title: string | null; back: string | null };

const EMPTY: PageHeader = { title: null, back: null };

const HeaderContext = createContext<PageHeader>(EMPTY);
const SetHeaderContext = createContext<((header: PageHeader) => void) | null>(null);

/** Held by the space's shell: the current page's title and back link, shown in the header. */
export function PageHeaderProvider({ children }: { children: ReactNode }) {
  const [header, setHeader] = useState<PageHeader>(EMPTY);
  return (
    <SetHeaderContext.Provider value={setHeader}>
      <HeaderContext.Provider value={header}>{children}</HeaderContext.Provider>
    </SetHeaderContext.Provider>
  );
}

export function usePageHeader(): PageHeader {
  return useContext(HeaderContext);
}

/** The document title of a page: '{title} - {product}', or the product alone. */
export function documentTitle(title: string | null | undefined): string {
  return title ? `${title} - ${APP_TITLE}` : APP_TITLE;
}

/**
 * Sets the page's title (header and document title) and, when given, the header's back link.
 * A title not known yet (null/undefined, e.g. while an entity loads) leaves the product name.
 */
export function usePageTitle(title: string | null | undefined, options: { back?: string | null } = {}): void {
  const setHeader = useContext(SetHeaderContext);
  const back = options.back ?? null;
  useEffect(() => {
    document.title = documentTitle(title);
    setHeader?.({ title: title ?? null, back });
    return () => {
      document.title = APP_TITLE;
      setHeader?.(EMPTY);
    };
  }, [title, back, setHeader]);
}
