import * as RadixDialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import type { ReactNode, RefObject } from 'react';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /**
   * Where focus goes when the dialog closes. Radix returns it only to its own trigger, which
   * these dialogs do not use; without this, focus falls back to the page.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** Accessible modal (focus trap, Escape, labelled title) built on Radix. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  returnFocusTo,
}: DialogProps) {
  // A closed dialog is not mounted at all. Mounted closed, each of Radix's presences sets state
  // while the page commits, which made React run the screen's pending effects in that same task
  // (issue 29); these dialogs have no closing animation for a presence to wait for.
  if (!open) return null;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[2px]" />
        <RadixDialog.Content
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.current;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none',
            className,
          )}
        >
          <RadixDialog.Title className="text-lg font-semibold text-slate-900">
            {title}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-slate-600">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
            aria-label="Close"
          >
            <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
              <path
                d="M5 5l10 10M15 5L5 15"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
