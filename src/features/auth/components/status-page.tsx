import type { ReactNode } from 'react';
import { usePageTitle } from '@/shared/level/page-title';
import { BackToSpaceLink } from './back-to-space-link';

type StatusPageProps = { code: string; title: string; children: ReactNode };

/** The full-page layout of the access-refused and not-found pages. */
export function StatusPage({ code, title, children }: StatusPageProps) {
  usePageTitle(title);
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <p className="text-sm font-semibold text-brand-600">{code}</p>
        <h1 className="mt-2 text-2xl font-semibold text-slate-900">{title}</h1>
        <div className="mt-3 text-sm text-slate-600">{children}</div>
        <div className="mt-6">
          <BackToSpaceLink />
        </div>
      </div>
    </main>
  );
}
