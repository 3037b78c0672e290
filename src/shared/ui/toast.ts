import type { toast as sonnerToast } from 'sonner';
import { errorMessage } from '@/shared/lib/errors';

/** The durations of SPEC.md section 9: successes 2 s, errors 6 s, the rest the toaster's 4 s. */
export const TOAST_DURATION = { success: 2000, error: 6000, info: 4000 } as const;

// sonner and the toaster load with the first toast, not with every page (8 KB compressed, decision
// 0023): the first `notify` asks the root to mount the toaster (`useToasterWanted`), and the toasts
// wait until it has mounted (sonner drops a toast shown before its Toaster listens). One promise:
// toasts keep the order of their calls; synchronous once loaded.
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
let sonner: Promise<typeof sonnerToast> | null = null;
let loaded: typeof sonnerToast | null = null;

/** For useSyncExternalStore: whether a toast was asked for, so the toaster must be mounted. */
export const toasterWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => wanted,
};

/** Called by the toaster once mounted (its sonner Toaster listens from then on). */
export function toasterMounted(): void {
  markMounted();
}

function withToast(show: (toast: typeof sonnerToast) => void): void {
  if (loaded) {
    show(loaded);
    return;
  }
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  sonner ??= Promise.all([import('sonner'), mounted]).then(([module]) => (loaded = module.toast));
  void sonner.then(show);
}

export const notify = {
  success: (message: string) =>
    withToast((toast) => toast.success(message, { duration: TOAST_DURATION.success })),
  error: (message: string) => withToast((toast) => toast.error(message, { duration: TOAST_DURATION.error })),
  info: (message: string) => withToast((toast) => toast.info(message, { duration: TOAST_DURATION.info })),
  dismiss: (id?: string | number) => withToast((toast) => toast.dismiss(id)),
};

/**
 * Runs a write and tells how it went: `success` in a toast, or the server's French refusal; it resolves
 * whether the write went through (a refusal does not throw).
 */
export async function toastWrite(write: Promise<unknown>, success: string): Promise<boolean> {
  try {
    await write;
    notify.success(success);
    return true;
  } catch (error) {
    notify.error(errorMessage(error));
    return false;
  }
}
