import { useSearchParams } from 'react-router';
import { CheckoutSuccess } from '#web/features/billing/checkout-success';

/** /billing/success?session_id=…: where the checkout page sends the user after paying. */
export default function BillingSuccessRoute() {
  const [params] = useSearchParams();
  return <CheckoutSuccess sessionId={params.get('session_id')} />;
}
