import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Dialog } from '#web/components/ui/dialog';
import { ApiError } from '#web/lib/api-client';
import { accountApi } from './api';

export function DeleteAccountCard() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const deleteAccount = async () => {
    setDeleting(true);
    setError(null);
    try {
      await accountApi.deleteAccount();
      setConfirming(false);
      queryClient.clear();
      navigate('/', { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Failed to delete account.');
      setConfirming(false);
      setDeleting(false);
    }
  };

  return (
    <div>
      <Card
        title="Delete Account"
        description="Permanently delete your account, your products and your remaining credits. This cannot be undone."
      >
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete Account
        </Button>
      </Card>
      {error && (
        <p role="alert" className="mt-2 px-1 text-sm text-red-600">
          {error}
        </p>
      )}
      <Dialog
        open={confirming}
        onOpenChange={(open) => !deleting && setConfirming(open)}
        title="Delete your account?"
        description="Your account, products, connected stores and credits will be deleted immediately. This cannot be undone."
      >
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={deleteAccount} loading={deleting}>
            Delete permanently
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
