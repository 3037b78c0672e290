import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { APP_TITLE } from '@/shared/config';
import { useEntityName } from '@/shared/org/entities';
import { levelEntity, useOptionalLevel } from './level-context';

export type PageHeader = { title: string | null; back: string | null };

const EMPTY: PageHeader = { title: null, back: null };

const HeaderContext = createContext<PageHeader>(EMPTY);
const SetHeaderContext = createContext<((header: PageHeader) => void) | null>(null);

/**
 * Where a page drawn on the server (src/app/prerender.tsx, decision 0037) leaves its header: effects do
 * not run there, so `usePageTitle` writes it during the render and the next render pass's shell starts
 * with it. Never provided in the browser.
 */
export const DrawnHeaderContext = createContext<{ header: PageHeader } | null>(null);

/** Held by the space's shell: the current page's title and back link, shown in the header. */
export function PageHeaderProvider({ children }: { children: ReactNode }) {
  const drawn = useContext(DrawnHeaderContext);
  const [header, setHeader] = useState<PageHeader>(drawn?.header ?? EMPTY);
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
 * The page's title named after the entity it shows: 'Dépenses - Temple Béthel de Yopougon', unless the
 * title already names it.
 */
export function entityTitle(title: string | null | undefined, entityName: string | null | undefined) {
  if (!title || !entityName || title.includes(entityName)) return title ?? null;
  return `${title} - ${entityName}`;
}

/**
 * Sets the page's title (header and document title) and, when given, the header's back link.
 * A title not known yet (null/undefined, e.g. while an entity loads) leaves the product name. Below
 * an entity's Level the document title names the entity ('Dépenses - Église X'), so that each page and
 * entity has its own title in the tabs, the history and a screen reader; the header keeps the short
 * title (the page shows the entity).
 */
export function usePageTitle(title: string | null | undefined, options: { back?: string | null } = {}): void {
  const setHeader = useContext(SetHeaderContext);
  const back = options.back ?? null;
  const level = useOptionalLevel();
  const entityName = useEntityName(level ? levelEntity(level) : null).data;
  const full = entityTitle(title, entityName);
  const drawn = useContext(DrawnHeaderContext);
  if (drawn) drawn.header = { title: title ?? null, back };
  useEffect(() => {
    document.title = documentTitle(full);
    return () => {
      document.title = APP_TITLE;
    };
  }, [full]);
  useEffect(() => {
    setHeader?.({ title: title ?? null, back });
    return () => setHeader?.(EMPTY);
  }, [title, back, setHeader]);
}
