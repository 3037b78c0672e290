import * as RadixSelect from '@radix-ui/react-select';
import { forwardRef } from 'react';
import { cn } from '@/shared/lib/cn';
import { controlClass, errorText, FieldError, FieldHint, FieldLabel, useFieldIds } from './field';
import type { SelectProps } from './select';

/**
 * The kit's Select once loaded (Radix Select: keyboard, typeahead, screen readers): `./select` shows a
 * look-alike trigger until the user comes near the field, then renders this one, open when the user
 * opened the look-alike (`defaultOpen`).
 */
export const RadixSelectField = forwardRef<HTMLButtonElement, SelectProps & { defaultOpen?: boolean }>(
  function RadixSelectField(
    {
      label,
      options,
      value,
      onChange,
      placeholder = 'Sélectionner…',
      hint,
      error,
      required,
      disabled,
      name,
      id,
      onBlur,
      className,
      defaultOpen,
    },
    ref,
  ) {
    const message = errorText(error);
    const ids = useFieldIds(id, hint, message);
    const labelId = `${ids.controlId}-label`;
    return (
      <div className={cn('w-full', className)}>
        <FieldLabel htmlFor={ids.controlId} id={labelId} required={required}>
          {label}
        </FieldLabel>
        <RadixSelect.Root
          value={value ?? ''}
          onValueChange={(next) => onChange?.(next)}
          disabled={disabled}
          name={name}
          defaultOpen={defaultOpen}
          onOpenChange={(open) => {
            if (!open) onBlur?.();
          }}
        >
          <RadixSelect.Trigger
            ref={ref}
            id={ids.controlId}
            aria-labelledby={labelId}
            aria-invalid={message ? true : undefined}
            aria-required={required || undefined}
            aria-describedby={ids.describedBy}
            className={controlClass(
              Boolean(message),
              'flex min-h-10 items-center justify-between gap-2 text-left data-[placeholder]:text-slate-500',
            )}
          >
            <span className="truncate">
              <RadixSelect.Value placeholder={placeholder} />
            </span>
            <RadixSelect.Icon asChild>
              <svg
                viewBox="0 0 20 20"
                className="h-4 w-4 shrink-0 text-slate-500"
                fill="currentColor"
                aria-hidden="true"
              >
                <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
              </svg>
            </RadixSelect.Icon>
          </RadixSelect.Trigger>
          <RadixSelect.Portal>
            <RadixSelect.Content
              position="popper"
              sideOffset={4}
              className="z-50 max-h-[min(20rem,var(--radix-select-content-available-height))] w-[var(--radix-select-trigger-width)] min-w-40 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg"
            >
              <RadixSelect.Viewport className="p-1">
                {options.map((option) => (
                  <RadixSelect.Item
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    className={cn(
                      'relative flex min-h-9 cursor-pointer select-none items-center rounded py-2 pl-8 pr-3 text-sm text-slate-800 outline-none',
                      'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900',
                      'data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400',
                    )}
                  >
                    <RadixSelect.ItemIndicator className="absolute left-2 inline-flex items-center text-brand-600">
                      <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
                        <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                      </svg>
                    </RadixSelect.ItemIndicator>
                    <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  </RadixSelect.Item>
                ))}
              </RadixSelect.Viewport>
            </RadixSelect.Content>
          </RadixSelect.Portal>
        </RadixSelect.Root>
        {hint && <FieldHint id={ids.hintId}>{hint}</FieldHint>}
        <FieldError id={ids.errorId} message={message} />
      </div>
    );
  },
);
