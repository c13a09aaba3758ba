import { Link } from 'react-router';
import { EBAY_MESSAGES } from '#domain/api/ebay';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/spinner';
import { EbaySettingsForm } from './ebay-settings-form';
import {
  useConnectEbay,
  useDisconnectEbay,
  useEbayConnection,
  useEbayReturnNotice,
} from './use-ebay';

export const EBAY_SANDBOX_NOTE =
  'Sandbox eBay: nothing leaves Listsmith. Listings and drafts appear on the sandbox’s own list.';

function ConnectButton({ again = false }: { again?: boolean }) {
  const connect = useConnectEbay();
  // Busy until the browser has left for eBay's consent page.
  const busy = connect.isPending || connect.isSuccess;
  return (
    <>
      {connect.error && <Banner>{connect.error.message}</Banner>}
      <div>
        <Button
          variant={again ? 'primary' : 'secondary'}
          loading={busy}
          disabled={busy}
          onClick={() => connect.mutate()}
        >
          {again ? 'Connect eBay again' : 'Connect eBay'}
        </Button>
      </div>
    </>
  );
}

function DisconnectButton() {
  const disconnect = useDisconnectEbay();
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        loading={disconnect.isPending}
        disabled={disconnect.isPending}
        onClick={() => disconnect.mutate()}
      >
        Disconnect eBay
      </Button>
      {disconnect.error && <Banner className="basis-full">{disconnect.error.message}</Banner>}
    </>
  );
}

function CardBody() {
  const reply = useEbayConnection();
  if (reply.isPending) {
    return (
      <div className="flex justify-center py-4 text-brand-600">
        <Spinner label="Loading your eBay connection" />
      </div>
    );
  }
  if (reply.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Banner>{reply.error.message}</Banner>
        <Button variant="secondary" size="sm" onClick={() => void reply.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { connection, sandbox } = reply.data;
  const sandboxNote = sandbox && <p className="text-xs text-slate-500">{EBAY_SANDBOX_NOTE}</p>;
  if (!connection) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-600">No eBay account connected yet.</p>
        {sandboxNote}
        <ConnectButton />
      </div>
    );
  }
  if (connection.needsReconnect) {
    return (
      <div className="flex flex-col gap-3">
        <Banner tone="warning">
          {`${EBAY_MESSAGES.reconnect} eBay no longer accepts Listsmith’s access (it was revoked or has expired).`}
        </Banner>
        <div className="flex flex-wrap items-center gap-3">
          <ConnectButton again />
          <DisconnectButton />
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3">
        <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            Connected
          </span>
          {sandbox ? 'Sandbox eBay account' : 'Your eBay account'}
        </span>
        <DisconnectButton />
      </div>
      {sandboxNote && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {sandboxNote}
          <Link
            to="/sandbox/ebay/listings"
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Sandbox eBay listings
          </Link>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Policies and location</h3>
        <p className="text-sm text-slate-600">
          Chosen once for every listing, from the business policies in your eBay account.
        </p>
        <EbaySettingsForm />
      </div>
    </div>
  );
}

/**
 * The account page's eBay card: connect (eBay's consent page), connected with the policies and
 * item location chosen once, or asked to connect again when eBay stopped accepting the access.
 */
export function EbayAccountCard() {
  useEbayReturnNotice();
  return (
    <div id="ebay">
      <Card
        title="eBay"
        description="Listsmith lists your products on eBay: as drafts unless you choose to list them now. Disconnecting deletes Listsmith’s access to your eBay account."
      >
        <CardBody />
      </Card>
    </div>
  );
}
