import { useEffect, type ReactNode } from 'react';
import { APP_TITLE } from '@/shared/config';

/**
 * The frame of the public giving pages (/donner/{code}), outside every space: the product's name, the
 * page's title, nothing of the church but what the page shows (its name).
 */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} - ${APP_TITLE}`;
    return () => {
      document.title = APP_TITLE;
    };
  }, [title]);
  return (
    <div className="min-h-screen bg-slate-50 px-4 py-6">
      <header className="mx-auto flex max-w-xl items-center gap-2 pb-4">
        <img src="/logo.svg" alt="" className="h-8 w-8" />
        <span className="font-semibold text-slate-800">{APP_TITLE}</span>
      </header>
      <main className="mx-auto max-w-xl space-y-4">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {children}
      </main>
    </div>
  );
}
