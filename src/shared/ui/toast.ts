import type { toast as sonnerToast } from 'sonner';

/** The durations of SPEC.md section 9: successes 2 s, errors 6 s, the rest the toaster's 4 s. */
export const TOAST_DURATION = { success: 2000, error: 6000, info: 4000 } as const;

// sonner loads with the first toast (or the lazy toaster), not with every page that may show one
// (8 KB less on a read-only page, decision 0023). One promise: toasts keep the order of their calls.
let sonner: Promise<typeof sonnerToast> | null = null;
let loaded: typeof sonnerToast | null = null;
function withToast(show: (toast: typeof sonnerToast) => void): void {
  if (loaded) {
    show(loaded);
    return;
  }
  sonner ??= import('sonner').then((module) => (loaded = module.toast));
  void sonner.then(show);
}

export const notify = {
  success: (message: string) =>
    withToast((toast) => toast.success(message, { duration: TOAST_DURATION.success })),
  error: (message: string) => withToast((toast) => toast.error(message, { duration: TOAST_DURATION.error })),
  info: (message: string) => withToast((toast) => toast.info(message, { duration: TOAST_DURATION.info })),
  dismiss: (id?: string | number) => withToast((toast) => toast.dismiss(id)),
};
