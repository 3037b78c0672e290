import { toast } from 'sonner';

/** The durations of SPEC.md section 9: successes 2 s, errors 6 s, the rest the toaster's 4 s. */
export const TOAST_DURATION = { success: 2000, error: 6000, info: 4000 } as const;

export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_DURATION.success }),
  error: (message: string) => toast.error(message, { duration: TOAST_DURATION.error }),
  info: (message: string) => toast.info(message, { duration: TOAST_DURATION.info }),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
