/**
 * A local stand-in for api.stripe.com: a real HTTP server speaking Stripe's form-encoded REST for
 * what the adapter calls (create/retrieve Checkout Sessions, retrieve/update Subscriptions), with
 * state, so a retrieve after an update shows it. Tests drive what Stripe would do on its side
 * (a customer pays, a period renews, a payment fails, a subscription ends) and build signed
 * webhook events with stripe-node's own test header helper.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type StripeObject = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body decoded into nested objects and arrays, as Stripe reads it. */
  body: StripeObject;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  authorization: string | undefined;
}

const DAY_SECONDS = 24 * 60 * 60;

function stripeId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('hex')}`;
}

/** `line_items[0][price]=p` → { line_items: [{ price: 'p' }] }. */
export function decodeForm(form: string): StripeObject {
  const root: StripeObject = {};
  for (const [key, value] of new URLSearchParams(form)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[segment] = value;
        return;
      }
      if (container[segment] === undefined) {
        container[segment] = /^\d+$/.test(path[index + 1]!) ? [] : {};
      }
      node = container[segment] as Record<string, unknown>;
    });
  }
  return root;
}

function stripeError(status: number, message: string) {
  return { status, body: { error: { type: 'invalid_request_error', message } } };
}

export interface FakeStripe {
  /** Origin for STRIPE_API_URL, e.g. http://127.0.0.1:40123. */
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  /** The customer pays: the session becomes complete and paid; premium creates a subscription. */
  completeCheckout(sessionId: string): StripeObject;
  /** A new billing period began (Stripe charged the renewal). Returns the new period end. */
  renew(subscriptionId: string): number;
  setStatus(subscriptionId: string, status: string): void;
  periodEnd(subscriptionId: string): number;
  event(type: string, object: StripeObject): StripeObject;
  invoiceFor(subscriptionId: string, options?: { legacyField?: boolean }): StripeObject;
  /** The raw body and `stripe-signature` header Stripe would post. */
  signed(event: StripeObject, secret: string): { payload: string; signature: string };
  close(): Promise<void>;
}

/** `prices`: the Price ids this account has; a checkout for any other is refused as Stripe does. */
export async function startFakeStripe(prices?: readonly string[]): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  let nextCustomer = 1;

  function createSession(body: StripeObject): StripeObject {
    const id = stripeId('cs');
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      mode: body.mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      client_reference_id: body.client_reference_id ?? null,
      customer: body.customer ?? null,
      customer_email: body.customer_email ?? null,
      metadata: body.metadata ?? {},
      line_items: body.line_items,
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      subscription: null,
      subscription_data: body.subscription_data ?? null,
      payment_intent_data: body.payment_intent_data ?? null,
    };
    sessions.set(id, session);
    return session;
  }

  function route(method: string, path: string, body: StripeObject) {
    const sessionMatch = /^\/v1\/checkout\/sessions(?:\/([^/]+))?$/.exec(path);
    if (sessionMatch) {
      const [, id] = sessionMatch;
      if (!id && method === 'POST') {
        const items = (body.line_items ?? []) as { price?: string }[];
        const unknown = items.find((item) => prices && !prices.includes(item.price ?? ''));
        if (unknown) return stripeError(400, `No such price: '${unknown.price}'`);
        return { status: 200, body: createSession(body) };
      }
      const session = id ? sessions.get(id) : undefined;
      if (session && method === 'GET') return { status: 200, body: session };
      return stripeError(404, `No such checkout.session: '${id}'`);
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1]!);
      if (!subscription) return stripeError(404, `No such subscription: '${subscriptionMatch[1]}'`);
      if (method === 'POST') {
        if (subscription.status === 'canceled') {
          return stripeError(400, 'A canceled subscription can only update its metadata.');
        }
        if (body.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        }
      }
      return { status: 200, body: subscription };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake-stripe');
      const form =
        request.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString();
      const body = decodeForm(form);
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        body,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        stripeVersion: request.headers['stripe-version'] as string | undefined,
        authorization: request.headers.authorization,
      });
      const result = request.headers.authorization?.startsWith('Bearer sk_')
        ? route(request.method ?? 'GET', url.pathname, body)
        : stripeError(401, 'Invalid API Key provided');
      response.writeHead(result.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function subscription(id: string): StripeObject {
    const found = subscriptions.get(id);
    if (!found) throw new Error(`fake Stripe has no subscription ${id}`);
    return found;
  }
  function item(sub: StripeObject): StripeObject {
    return (sub.items as { data: StripeObject[] }).data[0]!;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe has no session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      if (session.mode === 'subscription') {
        const customer = (session.customer as string | null) ?? `cus_test_${nextCustomer++}`;
        const start = Math.floor(Date.now() / 1000);
        const id = stripeId('sub');
        const data = session.subscription_data as { metadata?: StripeObject } | null;
        subscriptions.set(id, {
          id,
          object: 'subscription',
          customer,
          status: 'active',
          cancel_at_period_end: false,
          metadata: data?.metadata ?? {},
          items: {
            object: 'list',
            data: [
              {
                id: stripeId('si'),
                object: 'subscription_item',
                current_period_start: start,
                current_period_end: start + 30 * DAY_SECONDS,
              },
            ],
          },
        });
        session.customer = customer;
        session.subscription = id;
      }
      return session;
    },
    renew(subscriptionId) {
      const current = item(subscription(subscriptionId));
      const end = current.current_period_end as number;
      current.current_period_start = end;
      current.current_period_end = end + 30 * DAY_SECONDS;
      subscription(subscriptionId).status = 'active';
      return end + 30 * DAY_SECONDS;
    },
    setStatus(subscriptionId, status) {
      subscription(subscriptionId).status = status;
    },
    periodEnd(subscriptionId) {
      return item(subscription(subscriptionId)).current_period_end as number;
    },
    event(type, object) {
      return {
        id: stripeId('evt'),
        object: 'event',
        type,
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: structuredClone(object) },
      };
    },
    invoiceFor(subscriptionId, options = {}) {
      const sub = subscription(subscriptionId);
      return {
        id: stripeId('in'),
        object: 'invoice',
        customer: sub.customer,
        status: 'paid',
        ...(options.legacyField
          ? { subscription: subscriptionId, parent: null }
          : {
              parent: {
                type: 'subscription_details',
                subscription_details: { subscription: subscriptionId, metadata: sub.metadata },
              },
            }),
      };
    },
    signed(event, secret) {
      const payload = JSON.stringify(event);
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
