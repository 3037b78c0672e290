import {
  forwardRef,
  useEffect,
  useId,
  useRef,
  useState,
  type ForwardedRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { FieldShell, useLabelledField, type FieldErrorValue } from './field';
import { SelectChevron, selectTriggerClass } from './select-parts';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = {
  label: ReactNode;
  options: readonly SelectOption[];
  /** '' or null shows the placeholder */
  value?: string | null;
  onChange?: (value: string) => void;
  placeholder?: string;
  hint?: ReactNode;
  error?: FieldErrorValue;
  required?: boolean;
  disabled?: boolean;
  /** submitted with a native form; not needed with react-hook-form's Controller */
  name?: string;
  id?: string;
  onBlur?: () => void;
  className?: string;
};

// Radix Select and what it brings (popper, floating-ui, collection: ~17 KB compressed) load when the
// user comes near a field (hover, focus, touch), not with the list page whose filters show one
// (decision 0032). Once loaded, every Select renders it at once.
type Loaded = typeof import('./select-radix');
let loaded: Loaded | null = null;
let loading: Promise<Loaded> | null = null;
export function loadSelect(): Promise<Loaded> {
  loading ??= import('./select-radix').then((module) => (loaded = module));
  return loading;
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

function setRef<T>(ref: ForwardedRef<T>, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A labelled list to pick one value from (Radix Select: keyboard, typeahead, screen readers).
 * Use react-hook-form's `Controller` (`value`, `onChange`, `onBlur`).
 */
export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(props, ref) {
  const generated = useId();
  const id = props.id ?? generated;
  const [module, setModule] = useState<Loaded | null>(loaded);
  // what the user did to the look-alike before the real one came: open it, or put the focus on it
  const intent = useRef<{ open: boolean; focus: boolean }>({ open: false, focus: false });
  const lookAlike = useRef<HTMLButtonElement | null>(null);
  const real = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (module && intent.current.focus && !intent.current.open) real.current?.focus();
  }, [module]);

  if (module) {
    const { RadixSelectField } = module;
    return (
      <RadixSelectField
        {...props}
        id={id}
        defaultOpen={intent.current.open}
        ref={(node) => {
          real.current = node;
          setRef(ref, node);
        }}
      />
    );
  }

  // Swapped in only when the user opens or focuses the field: coming near only fetches the code, so
  // that a click never lands on a trigger replaced between its pointer events.
  const swap = (open: boolean) => {
    if (props.disabled) return;
    if (open) intent.current.open = true;
    void loadSelect().then((next) => {
      intent.current.focus = lookAlike.current !== null && document.activeElement === lookAlike.current;
      setModule(() => next);
    });
  };
  return (
    <SelectLookAlike
      {...props}
      id={id}
      ref={(node) => {
        lookAlike.current = node;
        setRef(ref, node);
      }}
      onNear={() => void loadSelect()}
      onFocusIn={() => swap(false)}
      onOpen={() => swap(true)}
    />
  );
});

type LookAlikeProps = SelectProps & {
  id: string;
  onNear: () => void;
  onFocusIn: () => void;
  onOpen: () => void;
};

/** The field as Radix draws it, closed: same label, trigger, hint and error, no Radix code. */
const SelectLookAlike = forwardRef<HTMLButtonElement, LookAlikeProps>(function SelectLookAlike(
  {
    label,
    options,
    value,
    placeholder = 'Sélectionner…',
    hint,
    error,
    required,
    disabled,
    name,
    id,
    className,
    onNear,
    onFocusIn,
    onOpen,
  },
  ref,
) {
  const { message, ids, labelId, shell } = useLabelledField({ label, hint, error, required, className, id });
  const chosen = value ? options.find((option) => option.value === value) : undefined;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (OPENING_KEYS.has(event.key)) {
      event.preventDefault();
      onOpen();
    }
  };
  return (
    <FieldShell {...shell}>
      <button
        ref={ref}
        type="button"
        role="combobox"
        id={ids.controlId}
        aria-labelledby={labelId}
        aria-expanded={false}
        aria-autocomplete="none"
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={ids.describedBy}
        disabled={disabled}
        data-state="closed"
        data-placeholder={chosen ? undefined : ''}
        onPointerEnter={onNear}
        onTouchStart={onNear}
        onFocus={onFocusIn}
        onPointerDown={(event) => {
          if (event.button === 0 && !event.ctrlKey) {
            event.preventDefault();
            onOpen();
          }
        }}
        onClick={onOpen}
        onKeyDown={onKeyDown}
        className={selectTriggerClass(Boolean(message))}
      >
        <span className="truncate">
          <span style={{ pointerEvents: 'none' }}>{chosen ? chosen.label : placeholder}</span>
        </span>
        <SelectChevron />
      </button>
      {name && <input type="hidden" name={name} value={value ?? ''} />}
    </FieldShell>
  );
});
