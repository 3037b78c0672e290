import { errorMessage } from '@/shared/lib/errors';
import { cn } from '@/shared/lib/cn';

/** The error of a whole form (a refused sign-in, a server message); nothing when there is none. */
export function FormError({ message, className }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={cn('rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800', className)}
    >
      {message}
    </div>
  );
}

/** What went wrong when a part of the page was read (the server's French message), in its place. */
export function LoadError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="text-sm text-red-700">
      {errorMessage(error)}
    </p>
  );
}
