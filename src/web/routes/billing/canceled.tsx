import { Link } from 'react-router';
import { Button, buttonClassName } from '#web/components/ui/button';
import { useBuyCredits } from '#web/lib/buy-credits';

/** /billing/canceled: the checkout page's Cancel comes back here. */
export default function BillingCanceledRoute() {
  const openBuyCredits = useBuyCredits((state) => state.open);
  return (
    <div className="mx-auto mt-10 max-w-xl rounded-2xl border border-slate-200 bg-white p-10 text-center shadow-sm">
      <h1 className="text-xl font-semibold text-slate-900">
        Checkout canceled. You were not charged.
      </h1>
      <p className="mt-2 text-slate-600">You can choose another pack or plan at any time.</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/create" className={buttonClassName('secondary')}>
          Back to Create
        </Link>
        <Button onClick={openBuyCredits}>Buy Credits</Button>
      </div>
    </div>
  );
}
