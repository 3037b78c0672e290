/** The full-screen logo loading screen shown while a space or an entity loads. */
export function LogoLoader({ label = 'Chargement…' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-3"
    >
      <img src="/logo.svg" alt="" width={56} height={56} className="animate-pulse" />
      <span className="text-sm text-slate-500">{label}</span>
    </div>
  );
}
