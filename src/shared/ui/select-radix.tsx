import * as RadixSelect from '@radix-ui/react-select';
import { forwardRef } from 'react';
import { cn } from '@/shared/lib/cn';
import { FieldShell, useLabelledField } from './field';
import { SelectChevron, selectTriggerClass } from './select-parts';
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
    const { message, ids, labelId, shell } = useLabelledField({
      label,
      hint,
      error,
      required,
      className,
      id,
    });
    return (
      <FieldShell {...shell}>
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
            className={selectTriggerClass(Boolean(message))}
          >
            <span className="truncate">
              <RadixSelect.Value placeholder={placeholder} />
            </span>
            <RadixSelect.Icon asChild>
              <SelectChevron />
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
      </FieldShell>
    );
  },
);
