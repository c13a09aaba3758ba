import * as RadixDialog from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { describeVersionCause, type VersionedField } from '#domain/field-versions';
import { timeAgo } from '#domain/relative-time';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { ApiError } from '#web/lib/api-client';
import { RESTORE_FAILED_MESSAGE, reviewApi } from './api';
import { IconButton } from './icon-button';
import { HistoryIcon } from './icons';
import { replaceCachedProduct } from './product-cache';
import { useAutosaver } from './use-product-autosave';

const FIELD_NAMES: Record<VersionedField, string> = {
  title: 'product name',
  description: 'product description',
};

/** The earlier texts of one field, newest first, each one click from restored. */
function VersionList({
  productId,
  field,
  onDone,
}: {
  productId: string;
  field: VersionedField;
  onDone(): void;
}) {
  const queryClient = useQueryClient();
  const autosaver = useAutosaver();
  const versions = useQuery({
    queryKey: ['product-versions', productId],
    queryFn: () => reviewApi.fieldVersions(productId),
    staleTime: 0,
  });
  const restore = useMutation({
    mutationFn: async (versionId: string) => {
      // Text still being saved goes first, so it becomes a version rather than overwriting.
      await autosaver.flush(productId);
      return reviewApi.restoreVersion(productId, versionId);
    },
    onSuccess: (product) => {
      autosaver.forgetField(productId, field);
      replaceCachedProduct(queryClient, product);
      void queryClient.invalidateQueries({ queryKey: ['product-versions', productId] });
      toast.success(`Earlier ${FIELD_NAMES[field]} restored`);
      onDone();
    },
  });

  if (versions.isPending) {
    return (
      <div className="flex justify-center py-4 text-brand-600">
        <Spinner label="Loading earlier versions" />
      </div>
    );
  }
  if (versions.isError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        {versions.error.message}{' '}
        <button
          type="button"
          className="font-medium underline"
          onClick={() => void versions.refetch()}
        >
          Try again
        </button>
      </p>
    );
  }
  const ofField = versions.data.filter((version) => version.field === field);
  if (ofField.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        No earlier versions yet. When you edit or regenerate the {FIELD_NAMES[field]}, the text it
        replaces is kept here.
      </p>
    );
  }
  return (
    <>
      {restore.isError && (
        <p role="alert" className="text-sm text-red-600">
          {restore.error instanceof ApiError ? restore.error.message : RESTORE_FAILED_MESSAGE}
        </p>
      )}
      <ol className="flex max-h-80 flex-col gap-2 overflow-y-auto">
        {ofField.map((version) => (
          <li key={version.id} className="rounded-lg border border-slate-200 p-2.5">
            <div className="flex items-center justify-between gap-2">
              <p className="text-xs text-slate-500">
                {describeVersionCause(version.cause)} · {timeAgo(version.replacedAt)}
              </p>
              <Button
                size="sm"
                variant="secondary"
                loading={restore.isPending && restore.variables === version.id}
                disabled={restore.isPending}
                onClick={() => restore.mutate(version.id)}
                aria-label={`Restore the ${FIELD_NAMES[field]} from ${timeAgo(version.replacedAt)}`}
              >
                Restore
              </Button>
            </div>
            <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line text-slate-800">
              {version.value}
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * Undo for a text field: a non-modal popover under its button listing the texts that edits
 * and regenerations replaced. Escape or a click elsewhere closes it; focus returns to the button.
 */
export function FieldHistoryButton({
  productId,
  field,
}: {
  productId: string;
  field: VersionedField;
}) {
  const [open, setOpen] = useState(false);
  const label = `Earlier versions of the ${FIELD_NAMES[field]}`;
  return (
    <RadixDialog.Root modal={false} open={open} onOpenChange={setOpen}>
      <div className="relative">
        <RadixDialog.Trigger asChild>
          <IconButton label={label} icon={<HistoryIcon className="size-4" />} />
        </RadixDialog.Trigger>
        {/* Mounted only while open: a closed one still mounts Radix's presence, whose first
            effect sets state as the page commits, and every card has a few (issue 29). */}
        {open && (
          <RadixDialog.Content
            aria-describedby={undefined}
            className="absolute top-full right-0 z-30 mt-1 flex w-96 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-lg focus:outline-none"
          >
            <RadixDialog.Title className="text-sm font-semibold text-slate-900">
              Earlier versions
            </RadixDialog.Title>
            <VersionList productId={productId} field={field} onDone={() => setOpen(false)} />
          </RadixDialog.Content>
        )}
      </div>
    </RadixDialog.Root>
  );
}
