import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { cn } from '@/shared/lib/cn';

type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

const sizes: Record<DialogSize, string> = {
  sm: 'sm:max-w-sm',
  md: 'sm:max-w-lg',
  lg: 'sm:max-w-2xl',
  xl: 'sm:max-w-4xl',
};

export type DialogProps = {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** an element that opens the dialog when clicked (uncontrolled use) */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** the buttons row, right-aligned, stacked on phones */
  footer?: ReactNode;
  size?: DialogSize;
  /** false keeps the dialog open on Escape and outside clicks (e.g. while saving) */
  dismissible?: boolean;
  className?: string;
};

/**
 * A modal dialog: focus is trapped inside and comes back to the opener, Escape and a click outside
 * close it, the page behind does not scroll. A bottom sheet on phones, centred from `sm`.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissible = true,
  className,
}: DialogProps) {
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
    if (trigger) return;
    event.preventDefault();
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
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
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

/** A button that closes the dialog it is in (e.g. 'Annuler' in a footer). */
export const DialogClose = RadixDialog.Close;
