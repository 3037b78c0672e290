import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { cn } from '@/shared/lib/cn';
import { controlClass, FieldShell, useLabelledField, type FieldErrorValue } from './field';
import { Spinner } from './spinner';

export type ComboboxValue = string | number;

export type ComboboxOption<V extends ComboboxValue = string> = {
  value: V;
  label: string;
  /** a second line, e.g. a phone number or a registration number */
  description?: string;
  disabled?: boolean;
  /** text after the label, e.g. '(Déjà assigné)'; defaults to the combobox's `disabledSuffix` on disabled options */
  suffix?: string;
};

export type ComboboxProps<V extends ComboboxValue = string> = {
  label: ReactNode;
  options: readonly ComboboxOption<V>[];
  value: V | null | undefined;
  onChange: (value: V | null, option: ComboboxOption<V> | null) => void;
  /**
   * Server-side search: called with the typed text on every keystroke (debounce it in the caller with
   * `useDebouncedValue`), and `options` are shown as given. Without it, options are filtered here.
   */
  onSearchChange?: (search: string) => void;
  loading?: boolean;
  /** shown when the list is empty, e.g. 'Aucun fidèle trouvé' */
  emptyText?: string;
  placeholder?: string;
  disabledSuffix?: string;
  /** the label of `value` when `options` (a search result) does not hold it, e.g. when editing */
  selectedLabel?: string;
  /** shows a button that empties the choice */
  clearable?: boolean;
  hint?: ReactNode;
  error?: FieldErrorValue;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  /** renders a hidden input for native form posts */
  name?: string;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
};

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * A searchable select (WAI-ARIA combobox with a listbox popup): type to filter (or to search the
 * server), arrows to move, Enter to choose, Escape to close. Use with react-hook-form's `Controller`.
 */
export function Combobox<V extends ComboboxValue = string>({
  label,
  options,
  value,
  onChange,
  onSearchChange,
  loading = false,
  emptyText = 'Aucun résultat',
  placeholder = 'Rechercher…',
  disabledSuffix,
  selectedLabel,
  clearable = false,
  hint,
  error,
  required,
  disabled,
  id,
  name,
  onBlur,
  inputRef,
  className,
}: ComboboxProps<V>) {
  const { message, ids, labelId, shell } = useLabelledField({ label, hint, error, required, className, id });
  const listboxId = useId();
  const listRef = useRef<HTMLUListElement>(null);

  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [query, setQuery] = useState('');
  const [activeValue, setActiveValue] = useState<V | null>(null);
  // The chosen option outlives the search result it came from.
  const [remembered, setRemembered] = useState<ComboboxOption<V> | null>(null);

  const hasValue = value !== null && value !== undefined && value !== '';
  const currentLabel = hasValue
    ? (options.find((option) => option.value === value)?.label ??
      (remembered?.value === value ? remembered.label : undefined) ??
      selectedLabel ??
      '')
    : '';

  const visible = useMemo(() => {
    if (onSearchChange || !editing || !query.trim()) return options;
    const needle = normalise(query.trim());
    return options.filter((option) => normalise(option.label).includes(needle));
  }, [options, onSearchChange, editing, query]);

  const firstEnabled = visible.findIndex((option) => !option.disabled);
  const chosenIndex = visible.findIndex((option) => activeValue !== null && option.value === activeValue);
  // After typing, Enter picks the first match without an arrow press.
  const activeIndex = !open
    ? -1
    : chosenIndex >= 0
      ? chosenIndex
      : editing && query.trim()
        ? firstEnabled
        : -1;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  const resetSearch = () => {
    if (editing && query) onSearchChange?.('');
    setEditing(false);
    setQuery('');
  };

  const close = () => {
    setOpen(false);
    setActiveValue(null);
    resetSearch();
  };

  const openList = (direction: 'first' | 'last' | 'none' = 'none') => {
    setOpen(true);
    if (direction === 'none') return;
    const selected = visible.findIndex((option) => option.value === value && !option.disabled);
    const enabled = visible.filter((option) => !option.disabled);
    const target =
      selected >= 0 ? visible[selected] : direction === 'first' ? enabled[0] : enabled[enabled.length - 1];
    setActiveValue(target ? target.value : null);
  };

  const select = (option: ComboboxOption<V>) => {
    if (option.disabled) return;
    setRemembered(option);
    onChange(option.value, option);
    close();
  };

  const move = (step: 1 | -1) => {
    if (!visible.some((option) => !option.disabled)) return;
    const count = visible.length;
    let index = activeIndex >= 0 ? activeIndex : step === 1 ? -1 : count;
    for (let i = 0; i < count; i += 1) {
      index = (index + step + count) % count;
      if (!visible[index].disabled) break;
    }
    setActiveValue(visible[index].value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList(event.altKey ? 'none' : 'first');
        else move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList('last');
        else move(-1);
        break;
      case 'Enter':
        if (!open) return;
        // An open list owns Enter: it must not submit the form.
        event.preventDefault();
        if (activeIndex >= 0) select(visible[activeIndex]);
        break;
      case 'Escape':
        if (!open) return;
        // Only the list closes, not a dialog around it.
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        if (open) close();
        break;
    }
  };

  const clear = () => {
    setRemembered(null);
    onChange(null, null);
    resetSearch();
  };

  const showEmpty = !loading && visible.length === 0;

  return (
    <FieldShell {...shell}>
      <div className="relative">
        <input
          ref={inputRef}
          id={ids.controlId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={message ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={ids.describedBy}
          aria-busy={loading || undefined}
          disabled={disabled}
          placeholder={placeholder}
          value={editing ? query : currentLabel}
          onChange={(event) => {
            const text = event.target.value;
            setEditing(true);
            setQuery(text);
            setActiveValue(null);
            setOpen(true);
            onSearchChange?.(text);
          }}
          onClick={() => {
            if (!open) openList();
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            // Emptying the text and leaving means 'no choice'.
            if (editing && !query.trim() && hasValue) clear();
            close();
            onBlur?.();
          }}
          className={controlClass(Boolean(message), cn('pr-16', disabled && 'pr-3'))}
        />
        {!disabled && (
          <div className="absolute inset-y-0 right-1 flex items-center">
            {clearable && hasValue && (
              <button
                type="button"
                tabIndex={-1}
                aria-label="Effacer"
                onMouseDown={(event) => event.preventDefault()}
                onClick={clear}
                className="inline-flex h-8 w-7 items-center justify-center rounded text-slate-500 hover:text-slate-700"
              >
                <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
                  <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
                </svg>
              </button>
            )}
            <button
              type="button"
              tabIndex={-1}
              aria-label={open ? 'Masquer les options' : 'Afficher les options'}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                if (open) close();
                else openList();
                document.getElementById(ids.controlId)?.focus();
              }}
              className="inline-flex h-8 w-7 items-center justify-center rounded text-slate-500 hover:text-slate-800"
            >
              <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
                <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
              </svg>
            </button>
          </div>
        )}
        {open && (
          <div className="absolute z-30 mt-1 w-full overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg">
            {loading && (
              <div className="flex items-center px-3 py-2 text-sm text-slate-500">
                <Spinner label="Patientez" showLabel />
              </div>
            )}
            <ul
              ref={listRef}
              id={listboxId}
              role="listbox"
              aria-labelledby={labelId}
              className="max-h-60 overflow-y-auto p-1"
            >
              {visible.map((option, index) => {
                const suffix = option.suffix ?? (option.disabled ? disabledSuffix : undefined);
                return (
                  <li
                    key={String(option.value)}
                    id={optionId(index)}
                    data-index={index}
                    role="option"
                    aria-selected={hasValue && option.value === value}
                    aria-disabled={option.disabled || undefined}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => {
                      if (!option.disabled && activeIndex !== index) setActiveValue(option.value);
                    }}
                    onClick={() => select(option)}
                    className={cn(
                      'flex min-h-9 cursor-pointer flex-col justify-center rounded px-3 py-2 text-sm',
                      index === activeIndex && 'bg-brand-50 text-brand-900',
                      hasValue && option.value === value && 'font-semibold',
                      option.disabled ? 'cursor-not-allowed text-slate-400' : 'text-slate-800',
                    )}
                  >
                    <span>
                      {option.label}
                      {suffix && (
                        <>
                          {' '}
                          <span className="text-xs italic">{suffix}</span>
                        </>
                      )}
                    </span>
                    {option.description && (
                      <span className="text-xs text-slate-500">{option.description}</span>
                    )}
                  </li>
                );
              })}
            </ul>
            {showEmpty && (
              <p role="status" className="px-3 py-2 text-sm text-slate-500">
                {emptyText}
              </p>
            )}
          </div>
        )}
        {name && <input type="hidden" name={name} value={hasValue ? String(value) : ''} />}
      </div>
    </FieldShell>
  );
}
