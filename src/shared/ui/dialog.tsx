import {
  cloneElement,
  isValidElement,
  useEffect,
  useRef,
  useState,
  type Ref,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

/** What a page gives a dialog it opens: whether it is open, and the way to close it. */
export type DialogState = { open: boolean; onOpenChange: (open: boolean) => void };

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

// Radix Dialog and what it brings (focus trap, dismissable layer, react-remove-scroll: ~10 KB
// compressed) load when a dialog first opens, or when the pointer or the focus reaches its trigger,
// not with every page that may open one (decision 0032). Once loaded, dialogs render it at once.
type Loaded = typeof import('./dialog-radix');
let loaded: Loaded | null = null;
let loading: Promise<Loaded> | null = null;
export function loadDialog(): Promise<Loaded> {
  loading ??= import('./dialog-radix').then((module) => (loaded = module));
  return loading;
}

type TriggerProps = {
  ref?: Ref<HTMLElement>;
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * A modal dialog: focus is trapped inside and comes back to the opener, Escape and a click outside
 * close it, the page behind does not scroll. A bottom sheet on phones, centred from `sm`.
 */
export function Dialog({ trigger, ...props }: DialogProps) {
  const { open, onOpenChange } = props;
  const [inner, setInner] = useState(false);
  const isOpen = open ?? inner;
  const setOpen = (next: boolean) => {
    if (open === undefined) setInner(next);
    onOpenChange?.(next);
  };
  const [module, setModule] = useState<Loaded | null>(loaded);
  const triggerRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!module && isOpen) void loadDialog().then((next) => setModule(() => next));
  }, [module, isOpen]);

  let opener: ReactNode = trigger;
  if (isValidElement<TriggerProps>(trigger)) {
    const own = trigger.props;
    opener = cloneElement(trigger as ReactElement<TriggerProps>, {
      ref: triggerRef,
      'aria-haspopup': 'dialog',
      'aria-expanded': isOpen,
      onClick: (event) => {
        own.onClick?.(event);
        if (!event.defaultPrevented) setOpen(true);
      },
      onPointerEnter: (event) => {
        own.onPointerEnter?.(event);
        void loadDialog();
      },
      onFocus: (event) => {
        own.onFocus?.(event);
        void loadDialog();
      },
    });
  }
  const View = module?.RadixDialogView;
  return (
    <>
      {opener}
      {View && (
        <View
          {...props}
          open={isOpen}
          onOpenChange={setOpen}
          returnFocus={trigger ? triggerRef : undefined}
        />
      )}
    </>
  );
}
