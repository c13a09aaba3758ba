import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { TextField } from '#web/components/ui/text-field';

/**
 * A store-connect dialog: one field naming the store, submit, errors in the dialog. The value is
 * checked here for a quick answer and again by the server, which decides; `connect` then sends
 * the browser to the store's own page, so the dialog stays busy once it succeeds.
 */
export function StoreConnectDialog({
  open,
  onOpenChange,
  title,
  description,
  field,
  normalize,
  invalidMessage,
  connect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  field: { label: string; name: string; placeholder: string; autoComplete: string };
  /** The value the server gets, or null when it cannot be a store. */
  normalize(value: string): string | null;
  invalidMessage: string;
  connect: UseMutationResult<unknown, Error, string>;
}) {
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  // Busy until the browser has left for the store's page.
  const busy = connect.isPending || connect.isSuccess;
  const error = invalid ? invalidMessage : connect.error?.message;

  function submit(event: FormEvent) {
    event.preventDefault();
    const normalized = normalize(value);
    setInvalid(normalized === null);
    if (normalized) connect.mutate(normalized);
  }

  function change(next: boolean) {
    if (!next) {
      setInvalid(false);
      connect.reset();
    }
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={change} title={title} description={description}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextField
          {...field}
          spellCheck={false}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setInvalid(false);
          }}
          error={error}
        />
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={() => change(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={busy}>
            Connect store
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
