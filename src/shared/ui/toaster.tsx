import { Toaster } from 'sonner';

/** Mount once at the root. Toast defaults of SPEC.md section 9: 20 visible at most, 4 s each. */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      visibleToasts={20}
      duration={4000}
      richColors
      closeButton
      containerAriaLabel="Notifications"
      toastOptions={{ closeButtonAriaLabel: 'Fermer la notification' }}
    />
  );
}
