/** The chevron of a popover trigger; turns while the popover is open (Radix's data-state on the trigger). */
export function PopoverChevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 text-slate-500 transition-transform group-data-[state=open]:rotate-180">
      <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
