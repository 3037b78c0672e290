import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type RefObject } from 'react';
import { cn } from '@/shared/lib/cn';
import type { DialogProps, DialogSize } from './dialog';

const sizes: Record<DialogSize, string> = {
  sm: 'sm:max-w-sm',
  md: 'sm:max-w-lg',
  lg: 'sm:max-w-2xl',
  xl: 'sm:max-w-4xl',
};

/**
 * The kit's Dialog once loaded (Radix Dialog, with its focus trap and scroll lock): `./dialog` renders
 * it, always controlled, from the dialog's first opening, beside the trigger it draws itself (so that
 * the trigger's element never changes); `returnFocus` is that trigger, which gets the focus back.
 */
export function RadixDialogView({
  open,
  onOpenChange,
  returnFocus,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissible = true,
  className,
}: Omit<DialogProps, 'trigger'> & { returnFocus?: RefObject<HTMLElement | null> }) {
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  // Radix gives the focus back to its own Trigger only; a dialog opened from elsewhere (a row's menu,
  // a controlled `open`) gives it back to whatever had it when the dialog opened.
  const opener = useRef<HTMLElement | null>(null);
  const onOpenAutoFocus = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    if (returnFocus?.current?.isConnected) {
      returnFocus.current.focus();
      return;
    }
    // The opener, else (it left the page, e.g. a closed menu's item) the page's main region, so that
    // the focus never falls back to the top of the document.
    const target = opener.current?.isConnected ? opener.current : document.getElementById('contenu');
    target?.focus();
  };
  const onEscape = (event: KeyboardEvent) => {
    // Escape in an open combobox closes its list, not the dialog.
    const target = event.target;
    const inOpenList =
      target instanceof HTMLElement &&
      target.getAttribute('role') === 'combobox' &&
      target.getAttribute('aria-expanded') === 'true';
    if (!dismissible || inOpenList) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          onEscapeKeyDown={onEscape}
          onPointerDownOutside={block}
          onInteractOutside={block}
          // Radix warns when a dialog has no description unless told there is none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] w-full flex-col rounded-t-xl bg-white shadow-xl focus:outline-none',
            'sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl',
            sizes[size],
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-4 py-3 sm:px-6">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-slate-500">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            {dismissible && (
              <RadixDialog.Close
                aria-label="Fermer"
                className="-mr-2 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              >
                <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true">
                  <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
                </svg>
              </RadixDialog.Close>
            )}
          </div>
          {children !== undefined && children !== null && (
            <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">{children}</div>
          )}
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-4 py-3 sm:flex-row sm:justify-end sm:px-6">
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
