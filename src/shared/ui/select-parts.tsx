import { forwardRef, type SVGProps } from 'react';
import { controlClass } from './field';

/** The classes of a select's trigger: the look-alike (./select) and Radix's (./select-radix) are one. */
export const selectTriggerClass = (invalid: boolean) =>
  controlClass(
    invalid,
    'flex min-h-10 items-center justify-between gap-2 text-left data-[placeholder]:text-slate-500',
  );

/** The chevron at the end of a select's trigger. */
export const SelectChevron = forwardRef<SVGSVGElement, SVGProps<SVGSVGElement>>(
  function SelectChevron(props, ref) {
    return (
      <svg
        ref={ref}
        viewBox="0 0 20 20"
        className="h-4 w-4 shrink-0 text-slate-500"
        fill="currentColor"
        aria-hidden="true"
        {...props}
      >
        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
      </svg>
    );
  },
);
