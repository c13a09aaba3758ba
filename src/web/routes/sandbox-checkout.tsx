import { useParams } from 'react-router';
import { SandboxCheckoutPage } from '../features/billing/sandbox-checkout-page';

/** /sandbox/checkout/:sessionId: the sandbox provider's checkout page, outside the app layout. */
export default function SandboxCheckoutRoute() {
  const { sessionId = '' } = useParams();
  return <SandboxCheckoutPage sessionId={sessionId} />;
}
