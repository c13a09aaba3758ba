import * as RadixTooltip from '@radix-ui/react-tooltip';
import { useState, type ReactNode } from 'react';

/**
 * Each tooltip brings its own provider, so the tooltip library loads with the screens that use it
 * rather than with every page.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <RadixTooltip.Provider delayDuration={200}>
      <RadixTooltip.Root open={open} onOpenChange={setOpen}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        {/* Mounted only while open: a closed portal still mounts Radix's presence, whose first
            effect sets state as the page commits, and a card has several tooltips (issue 29). */}
        {open && (
          <RadixTooltip.Portal>
            <RadixTooltip.Content
              sideOffset={6}
              className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-xs text-white shadow-lg"
            >
              {content}
              <RadixTooltip.Arrow className="fill-slate-900" />
            </RadixTooltip.Content>
          </RadixTooltip.Portal>
        )}
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
