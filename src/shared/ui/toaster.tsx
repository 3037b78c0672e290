import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { toasterMounted } from './toast';

/** Mount once at the root. Toast defaults of SPEC.md section 9: 20 visible at most, 4 s each. */
export function AppToaster() {
  // after sonner's Toaster has subscribed (a child's effect runs first): the waiting toasts may show
  useEffect(toasterMounted, []);
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
