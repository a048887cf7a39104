/**
 * A local HTTP stand-in for Stripe, so tests never reach the internet.
 *
 * The API part (POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id) answers the real SDK,
 * which talks to it through STRIPE_API_BASE. A created session's `url` is a page on the stand-in
 * itself (GET /c/pay/:id) standing in for Stripe Checkout: the amount, the line items, a "Pay" button
 * (a plain form post) and a link back to `cancel_url`. Paying completes the session, sends a
 * `checkout.session.completed` event to the webhook URL signed with the webhook secret as Stripe signs
 * it, then redirects the browser to `success_url` with {CHECKOUT_SESSION_ID} filled in.
 *
 * POST /v1/checkout/sessions/:id/expire expires an open session; POST /v1/refunds refunds a paid
 * payment intent in full (once per Idempotency-Key, as Stripe does) and then, after answering, sends
 * `charge.refunded` as Stripe does (`settle()` waits for it).
 *
 * Subscriptions (monthly gifts, yearly membership renewals): a session created with `mode=subscription`
 * and a recurring inline price (its `recurring[interval]` kept) makes, when paid, a customer, a
 * subscription (with `subscription_data[metadata]`) and its first paid invoice, and sends
 * `checkout.session.completed` then `invoice.paid` (`invoiceBeforeSession` swaps them, as Stripe does not
 * promise an order). With `subscription_data[trial_end]` nothing is due now, as at Stripe: the session's
 * `amount_total` is 0 and its `payment_status` "no_payment_required", the subscription is "trialing"
 * until then, and its first invoice is a paid $0 one. GET /v1/invoice_payments?invoice=… lists an
 * invoice's payment (its payment intent). POST /v1/billing_portal/sessions makes a customer portal
 * session whose `url` is a page here (GET /p/session/:id) listing the customer's subscriptions with a
 * "Cancel subscription" button (which sends `customer.subscription.deleted`) and a link back.
 *
 * For tests only: POST /_stand-in/checkout/sessions/:id/resend-webhook delivers that session's event
 * again (same event, fresh signature), as `stripe events resend` does, and answers with the site's reply;
 * POST /_stand-in/checkout/sessions/:id/expire-now expires an open session as its `expires_at` passing
 * would, and delivers `checkout.session.expired`. For subscriptions, POST
 * /_stand-in/subscriptions/:id/renew (the next period is paid, a trial ending too: `invoice.paid`), …/fail-payment (the card
 * is declined: `invoice.payment_failed`) and …/cancel (`customer.subscription.deleted`);
 * POST /_stand-in/payment_intents/:id/refund refunds a payment in full from "the dashboard"
 * (`charge.refunded`); POST /_stand-in/events/:id/resend delivers any sent event again. Each answers
 * { status, body } (the site's reply), plus the ids it made.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { escapeHtml } from "@/lib/email/escape-html";

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

export interface StripeStandInOptions {
  /** Defaults to any free port. */
  port?: number;
  /** Where "Pay" delivers checkout.session.completed, and the secret (whsec_…) it is signed with. */
  webhook?: { url: string; secret: string };
}

export interface WebhookDelivery {
  status: number;
  body: string;
}

export interface StripeStandIn {
  url: string;
  /** The API requests (/v1/…) received, in order. */
  requests: RecordedRequest[];
  /** Refunds made, in order. */
  refunds: Refund[];
  /** Makes the next `times` session creations answer this HTTP status with a Stripe-shaped error. */
  failNext(status: number, times?: number): void;
  /** Every webhook event sent, in order, exactly as delivered. */
  events: SentEvent[];
  /** Waits until the webhooks sent after an answer (a refund's `charge.refunded`) have been delivered. */
  settle(): Promise<void>;
  /** Send a paid subscription's `invoice.paid` before its `checkout.session.completed`. */
  invoiceBeforeSession: boolean;
  close(): Promise<void>;
}

export interface SentEvent {
  id: string;
  type: string;
  payload: string;
}

export interface Refund {
  id: string;
  paymentIntent: string;
  amount: number;
  idempotencyKey: string | undefined;
}

interface LineItem {
  name: string;
  quantity: number;
  unitAmount: number;
  currency: string;
  /** "month" for a recurring inline price. */
  interval: string | null;
}

interface Subscription {
  json: Record<string, unknown> & { id: string; customer: string; status: string; metadata: Record<string, string> };
  /** What each period costs. */
  amount: number;
  currency: string;
  interval: string;
}

interface Invoice {
  json: Record<string, unknown> & { id: string; amount_paid: number; status: string };
  paymentIntent: string;
}

/** The Checkout Session as the API returns it, plus the line items the page shows. */
interface Session {
  json: Record<string, unknown> & { id: string; amount_total: number; currency: string; success_url: string | null; cancel_url: string | null };
  lineItems: LineItem[];
  /** The checkout.session.completed event sent when it was paid, exactly as delivered. */
  completedEvent?: string;
  /** `subscription_data[metadata]`, given to the subscription a paid subscription-mode session makes. */
  subscriptionMetadata: Record<string, string>;
  /** `subscription_data[trial_end]` (seconds): nothing is charged before it. */
  trialEnd: number | null;
  /** What the recurring prices cost each period. */
  recurringAmount: number;
}

const API_PREFIX = "/v1/";
const PAY_PAGE = /^\/c\/pay\/(cs_[A-Za-z0-9_]+)$/;
const SESSION_API = /^\/v1\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)$/;
const RESEND = /^\/_stand-in\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)\/resend-webhook$/;
const EXPIRE_API = /^\/v1\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)\/expire$/;
const EXPIRE_NOW = /^\/_stand-in\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)\/expire-now$/;
const PORTAL_PAGE = /^\/p\/session\/(bps_[A-Za-z0-9_]+)(\/cancel)?$/;
const SUBSCRIPTION_HOOK = /^\/_stand-in\/subscriptions\/(sub_[A-Za-z0-9_]+)\/(renew|fail-payment|cancel)$/;
const REFUND_HOOK = /^\/_stand-in\/payment_intents\/(pi_[A-Za-z0-9_]+)\/refund$/;
const RESEND_EVENT = /^\/_stand-in\/events\/(evt_[A-Za-z0-9_]+)\/resend$/;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The charge behind a payment, refunded in full, as `charge.refunded` carries it. */
function refundedCharge(paymentIntent: string, payment: { amount: number; currency: string; customer: string | null }) {
  return {
    id: newId("ch"),
    object: "charge",
    amount: payment.amount,
    amount_captured: payment.amount,
    amount_refunded: payment.amount,
    captured: true,
    created: nowSeconds(),
    currency: payment.currency,
    customer: payment.customer,
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: paymentIntent,
    refunded: true,
    status: "succeeded",
  };
}

/**
 * `metadata[orderId]=…` → { orderId: … }: Stripe echoes every metadata key as a string. With a
 * `parent`, the metadata nested in it: `subscription_data[metadata][kind]=…`.
 */
function metadataOf(form: URLSearchParams, parent?: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  const pattern = parent ? new RegExp(`^${parent}\\[metadata\\]\\[([^\\]]+)\\]$`) : /^metadata\[([^\]]+)\]$/;
  for (const [key, value] of form) {
    const match = pattern.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

const newId = (prefix: string) => `${prefix}_standin_${crypto.randomUUID().replaceAll("-", "")}`;

function lineItemsOf(form: URLSearchParams): LineItem[] {
  const items: LineItem[] = [];
  for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
    const field = (name: string) => form.get(`line_items[${i}]${name}`);
    items.push({
      name: field("[price_data][product_data][name]") ?? "Item",
      quantity: Number(field("[quantity]")),
      unitAmount: Number(field("[price_data][unit_amount]")),
      currency: field("[price_data][currency]") ?? "usd",
      interval: field("[price_data][recurring][interval]"),
    });
  }
  return items;
}

function createSession(form: URLSearchParams, id: string, pageUrl: string): Session {
  const lineItems = lineItemsOf(form);
  const recurringAmount = lineItems.reduce((sum, item) => sum + item.quantity * item.unitAmount, 0);
  const trialEnd = Number(form.get("subscription_data[trial_end]")) || null;
  const amount = trialEnd ? 0 : recurringAmount;
  const created = nowSeconds();
  const customerEmail = form.get("customer_email");
  return {
    lineItems,
    json: {
      id,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: form.get("cancel_url"),
      client_reference_id: form.get("client_reference_id"),
      created,
      currency: lineItems[0]?.currency ?? "usd",
      customer: null,
      customer_details: null,
      customer_email: customerEmail,
      expires_at: Number(form.get("expires_at")) || created + 24 * 60 * 60,
      livemode: false,
      metadata: metadataOf(form),
      mode: form.get("mode") ?? "payment",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      submit_type: form.get("submit_type"),
      subscription: null,
      success_url: form.get("success_url"),
      url: pageUrl,
    },
    subscriptionMetadata: metadataOf(form, "subscription_data"),
    trialEnd,
    recurringAmount,
  };
}

function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

/** "every month", or with a trial "today, then $99.00 every year from 6/20/2027". */
function billingNote(session: Session): string {
  const interval = session.lineItems.find((item) => item.interval)?.interval ?? "month";
  if (!session.trialEnd) return `every ${escapeHtml(interval)}`;
  return `today, then ${formatAmount(session.recurringAmount, session.json.currency)} every ${escapeHtml(interval)} from ${new Date(session.trialEnd * 1000).toLocaleDateString("en-US", { timeZone: "UTC" })}`;
}

function checkoutPage(session: Session): string {
  const { json } = session;
  const total = formatAmount(json.amount_total, json.currency);
  const rows = session.lineItems
    .map(
      (item) =>
        `<tr><td>${item.quantity} × ${escapeHtml(item.name)}</td><td>${formatAmount(item.quantity * item.unitAmount, item.currency)}${item.interval ? ` per ${escapeHtml(item.interval)}` : ""}</td></tr>`,
    )
    .join("");
  const email = typeof json.customer_email === "string" ? `<p>Paying as ${escapeHtml(json.customer_email)}</p>` : "";
  const cancel = json.cancel_url ? `<p><a href="${escapeHtml(json.cancel_url)}">Cancel and go back</a></p>` : "";
  const done = json.status === "complete" ? "<p role=\"status\">This session is already paid.</p>" : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stripe Checkout (local stand-in)</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<main><h1>Stripe Checkout</h1><p>A local stand-in for Stripe: no card is charged.</p>${done}
<p>Amount due: <strong data-testid="amount-due">${total}</strong>${json.mode === "subscription" ? ` <span data-testid="billing-interval">${billingNote(session)}</span>` : ""}</p>
<table><caption>Items</caption><tbody>${rows}</tbody></table>${email}
<form method="post" action="/c/pay/${escapeHtml(json.id)}"><button type="submit">${json.submit_type === "donate" ? "Donate" : "Pay"}</button></form>${cancel}</main></body></html>`;
}

/** An event as Stripe sends it, rendered once and kept as sent. */
function eventPayload(type: string, object: unknown): string {
  return JSON.stringify({
    id: newId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

/** An event about a Checkout Session as Stripe sends it, rendered once and kept as sent. */
function sessionEvent(session: Session, type: "checkout.session.completed" | "checkout.session.expired"): string {
  return eventPayload(type, session.json);
}

function subscriptionJson(customer: string, amount: number, currency: string, interval: string, metadata: Record<string, string>, trialEnd: number | null): Subscription["json"] {
  const created = nowSeconds();
  return {
    id: newId("sub"),
    object: "subscription",
    cancel_at_period_end: false,
    canceled_at: null,
    created,
    currency,
    customer,
    ended_at: null,
    items: { object: "list", data: [{ object: "subscription_item", quantity: 1, price: { object: "price", unit_amount: amount, currency, recurring: { interval } } }] },
    livemode: false,
    metadata,
    status: trialEnd ? "trialing" : "active",
    trial_end: trialEnd,
  };
}

const PERIOD_SECONDS: Record<string, number> = { day: 86_400, week: 7 * 86_400, month: 30 * 86_400, year: 365 * 86_400 };

/** A subscription's invoice: paid (a period given; $0 at the start of a trial) or open after a declined card. */
function invoiceJson(subscription: Subscription, billingReason: string, paid: boolean, amount = subscription.amount): Invoice["json"] {
  const created = nowSeconds();
  return {
    id: newId("in"),
    object: "invoice",
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: 1,
    attempted: true,
    billing_reason: billingReason,
    created,
    currency: subscription.currency,
    customer: subscription.json.customer,
    livemode: false,
    metadata: {},
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { metadata: subscription.json.metadata, subscription: subscription.json.id },
    },
    period_end: created + (PERIOD_SECONDS[subscription.interval] ?? PERIOD_SECONDS.month!),
    period_start: created,
    status: paid ? "paid" : "open",
    status_transitions: { finalized_at: created, paid_at: paid ? created : null, voided_at: null, marked_uncollectible_at: null },
    subtotal: amount,
    total: amount,
  };
}

function portalPage(portal: { id: string; returnUrl: string | null }, subscriptions: Subscription[]): string {
  const rows = subscriptions
    .map((sub) => {
      const line = `${formatAmount(sub.amount, sub.currency)} every ${escapeHtml(sub.interval)}: <span data-testid="subscription-status">${escapeHtml(sub.json.status)}</span>`;
      const cancel =
        sub.json.status === "active" || sub.json.status === "trialing"
          ? `<form method="post" action="/p/session/${escapeHtml(portal.id)}/cancel"><input type="hidden" name="subscription" value="${escapeHtml(sub.json.id)}"><button type="submit">Cancel subscription</button></form>`
          : "";
      return `<li>${line}${cancel}</li>`;
    })
    .join("");
  const back = portal.returnUrl ? `<p><a href="${escapeHtml(portal.returnUrl)}">Return to the site</a></p>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Billing portal (local stand-in)</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<main><h1>Billing portal</h1><p>A local stand-in for Stripe's customer portal.</p><ul>${rows}</ul>${back}</main></body></html>`;
}

/** Sends the event as Stripe does: JSON body, `Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`. */
async function deliver(webhook: { url: string; secret: string }, payload: string): Promise<WebhookDelivery> {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhook.secret });
  const response = await fetch(webhook.url, {
    method: "POST",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": signature,
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    },
    body: payload,
  });
  return { status: response.status, body: await response.text() };
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...headers });
  res.end(body);
}

const sendJson = (res: ServerResponse, status: number, value: unknown) => send(res, status, "application/json", JSON.stringify(value));

const apiError = (res: ServerResponse, status: number, message: string) =>
  sendJson(res, status, { error: { type: status >= 500 ? "api_error" : "invalid_request_error", message } });

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Session>();
  const refunds: Refund[] = [];
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const portals = new Map<string, { id: string; customer: string; returnUrl: string | null }>();
  const events: SentEvent[] = [];
  let failure: { status: number; times: number } | undefined;
  let created = 0;
  let origin = "";
  const control = { invoiceBeforeSession: false };
  const pending = new Set<Promise<void>>();

  /** Sends a new event to the site and keeps it, so a test can have it delivered again. */
  async function emit(payload: string): Promise<WebhookDelivery> {
    if (!options.webhook) throw new Error("This stand-in was started without a webhook URL.");
    const { id, type } = JSON.parse(payload) as { id: string; type: string };
    events.push({ id, type, payload });
    return deliver(options.webhook, payload);
  }

  function addInvoice(subscription: Subscription, billingReason: string, paid: boolean, amount?: number): Invoice {
    const invoice = { json: invoiceJson(subscription, billingReason, paid, amount), paymentIntent: newId("pi") };
    invoices.set(invoice.json.id, invoice);
    return invoice;
  }

  /** The amount a payment intent took: a paid one-time session's, or a paid invoice's. */
  function paymentOf(paymentIntent: string): { amount: number; currency: string; customer: string | null } | undefined {
    const session = [...sessions.values()].find((s) => s.json.payment_intent === paymentIntent);
    if (session) return { amount: session.json.amount_total, currency: session.json.currency, customer: (session.json.customer as string | null) ?? null };
    const invoice = [...invoices.values()].find((i) => i.paymentIntent === paymentIntent && i.json.status === "paid");
    return invoice && { amount: invoice.json.amount_paid, currency: String(invoice.json.currency), customer: String(invoice.json.customer) };
  }

  const failed = (delivery: WebhookDelivery) => delivery.status < 200 || delivery.status >= 300;

  async function pay(session: Session, res: ServerResponse): Promise<void> {
    if (session.json.status === "expired") return send(res, 410, "text/plain", "This Checkout Session has expired: nothing was charged.");
    if (session.json.status !== "complete") {
      if (!options.webhook) return send(res, 501, "text/plain", "This stand-in was started without a webhook URL.");
      const payloads: string[] = [];
      if (session.json.mode === "subscription") {
        const customer = newId("cus");
        const interval = session.lineItems.find((item) => item.interval)?.interval ?? "month";
        const subscription: Subscription = {
          json: subscriptionJson(customer, session.recurringAmount, session.json.currency, interval, session.subscriptionMetadata, session.trialEnd),
          amount: session.recurringAmount,
          currency: session.json.currency,
          interval,
        };
        subscriptions.set(subscription.json.id, subscription);
        const invoice = addInvoice(subscription, "subscription_create", true, session.json.amount_total);
        Object.assign(session.json, {
          status: "complete",
          payment_status: session.trialEnd ? "no_payment_required" : "paid",
          customer,
          subscription: subscription.json.id,
          customer_details: { email: session.json.customer_email, name: null },
        });
        session.completedEvent = sessionEvent(session, "checkout.session.completed");
        const invoicePaid = eventPayload("invoice.paid", invoice.json);
        payloads.push(...(control.invoiceBeforeSession ? [invoicePaid, session.completedEvent] : [session.completedEvent, invoicePaid]));
      } else {
        Object.assign(session.json, {
          status: "complete",
          payment_status: "paid",
          payment_intent: newId("pi"),
          customer_details: { email: session.json.customer_email, name: null },
        });
        session.completedEvent = sessionEvent(session, "checkout.session.completed");
        payloads.push(session.completedEvent);
      }
      // Real Stripe delivers asynchronously and retries; here a site that refuses the event fails
      // loudly on the page, so a test sees why the order never turned paid.
      for (const payload of payloads) {
        const delivery = await emit(payload);
        if (failed(delivery)) return send(res, 502, "text/plain", `The site answered the webhook with ${delivery.status}: ${delivery.body}`);
      }
    }
    const success = (session.json.success_url ?? "").replaceAll("{CHECKOUT_SESSION_ID}", session.json.id);
    send(res, 303, "text/plain", "", { location: success });
  }

  /** A full refund of a paid session's payment intent; a repeated Idempotency-Key answers the first refund again. */
  function refund(req: IncomingMessage, form: URLSearchParams, res: ServerResponse): void {
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    const earlier = idempotencyKey && refunds.find((r) => r.idempotencyKey === idempotencyKey);
    const paymentIntent = form.get("payment_intent") ?? "";
    const paid = paymentOf(paymentIntent);
    if (!earlier && !paid) return apiError(res, 400, `No such payment_intent: '${paymentIntent}'`);
    if (!earlier && refunds.some((r) => r.paymentIntent === paymentIntent)) {
      return apiError(res, 400, `Charge for payment intent ${paymentIntent} has already been refunded.`);
    }
    const made = earlier || { id: `re_standin_${refunds.length + 1}`, paymentIntent, amount: paid!.amount, idempotencyKey };
    if (!earlier) refunds.push(made);
    sendJson(res, 200, { id: made.id, object: "refund", amount: made.amount, currency: "usd", payment_intent: made.paymentIntent, status: "succeeded" });
    // As Stripe does, the refund is then announced by webhook, a moment after the API answered (the
    // caller may still hold its transaction open when it arrives).
    if (!earlier && options.webhook) later(() => emit(eventPayload("charge.refunded", refundedCharge(paymentIntent, paid!))));
  }

  /** Runs a delivery after the current answer is sent; `settle()` (and `close()`) wait for it. */
  function later(delivery: () => Promise<unknown>): void {
    const running = new Promise<void>((resolve) => setImmediate(resolve)).then(delivery).then(
      () => undefined,
      (error: unknown) => console.error("[stripe stand-in] a delayed webhook failed", error),
    );
    pending.add(running);
    void running.finally(() => pending.delete(running));
  }

  async function settle(): Promise<void> {
    while (pending.size > 0) await Promise.all([...pending]);
  }

  function invoicePayments(invoiceId: string, res: ServerResponse): void {
    const invoice = invoices.get(invoiceId);
    const data = invoice
      ? [
          {
            id: `inpay_${invoice.json.id.slice(3)}`,
            object: "invoice_payment",
            amount_paid: invoice.json.amount_paid || null,
            amount_requested: invoice.json.amount_due,
            created: invoice.json.created,
            currency: invoice.json.currency,
            invoice: invoice.json.id,
            is_default: true,
            livemode: false,
            payment: { type: "payment_intent", payment_intent: invoice.paymentIntent },
            status: invoice.json.status === "paid" ? "paid" : "open",
            status_transitions: { canceled_at: null, paid_at: (invoice.json.status_transitions as { paid_at: number | null }).paid_at },
          },
        ]
      : [];
    sendJson(res, 200, { object: "list", data, has_more: false, url: "/v1/invoice_payments" });
  }

  async function cancelSubscription(subscription: Subscription): Promise<WebhookDelivery> {
    if (subscription.json.status === "canceled") return { status: 409, body: "already canceled" };
    const now = nowSeconds();
    Object.assign(subscription.json, { status: "canceled", canceled_at: now, ended_at: now });
    return emit(eventPayload("customer.subscription.deleted", subscription.json));
  }

  async function handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const path = (req.url ?? "/").split("?", 1)[0]!;
    const form = new URLSearchParams(body);
    if (path.startsWith(API_PREFIX)) {
      requests.push({ method: req.method ?? "", path: req.url ?? "", authorization: req.headers.authorization, form });
    }
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      if (failure && failure.times > 0) {
        failure.times--;
        return apiError(res, failure.status, "Stand-in failure");
      }
      const id = `cs_test_standin_${++created}`;
      const session = createSession(form, id, `${origin}/c/pay/${id}`);
      sessions.set(id, session);
      return sendJson(res, 200, session.json);
    }
    const api = SESSION_API.exec(path);
    if (req.method === "GET" && api) {
      const session = sessions.get(api[1]!);
      return session ? sendJson(res, 200, session.json) : apiError(res, 404, `No such checkout.session: '${api[1]}'`);
    }
    const expire = EXPIRE_API.exec(path) ?? EXPIRE_NOW.exec(path);
    if (req.method === "POST" && expire) {
      const session = sessions.get(expire[1]!);
      if (!session) return apiError(res, 404, `No such checkout.session: '${expire[1]}'`);
      if (session.json.status !== "open") return apiError(res, 400, `Only Checkout Sessions with a status of 'open' can be expired. This session is ${session.json.status}.`);
      Object.assign(session.json, { status: "expired", url: null });
      if (path.startsWith(API_PREFIX)) return sendJson(res, 200, session.json);
      if (!options.webhook) return apiError(res, 501, "This stand-in was started without a webhook URL.");
      return sendJson(res, 200, await emit(sessionEvent(session, "checkout.session.expired")));
    }
    if (req.method === "POST" && path === "/v1/refunds") return refund(req, form, res);
    const page = PAY_PAGE.exec(path);
    const pageSession = page && sessions.get(page[1]!);
    if (page && !pageSession) return send(res, 404, "text/plain", "No such Checkout Session.");
    if (req.method === "GET" && pageSession) return send(res, 200, "text/html; charset=utf-8", checkoutPage(pageSession));
    if (req.method === "POST" && pageSession) return pay(pageSession, res);
    const resend = RESEND.exec(path);
    if (req.method === "POST" && resend) {
      const event = sessions.get(resend[1]!)?.completedEvent;
      if (!event || !options.webhook) return apiError(res, 404, "No event was sent for this session.");
      return sendJson(res, 200, await deliver(options.webhook, event));
    }
    if (req.method === "GET" && path === "/v1/invoice_payments") return invoicePayments(new URL(req.url ?? "/", "http://x").searchParams.get("invoice") ?? "", res);
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      const customer = form.get("customer") ?? "";
      if (![...subscriptions.values()].some((sub) => sub.json.customer === customer)) return apiError(res, 400, `No such customer: '${customer}'`);
      const portal = { id: newId("bps"), customer, returnUrl: form.get("return_url") };
      portals.set(portal.id, portal);
      return sendJson(res, 200, { id: portal.id, object: "billing_portal.session", created: nowSeconds(), customer, livemode: false, return_url: portal.returnUrl, url: `${origin}/p/session/${portal.id}` });
    }
    const portalPath = PORTAL_PAGE.exec(path);
    const portal = portalPath && portals.get(portalPath[1]!);
    if (portalPath && !portal) return send(res, 404, "text/plain", "No such portal session.");
    if (portal) {
      const theirs = () => [...subscriptions.values()].filter((sub) => sub.json.customer === portal.customer);
      if (req.method === "GET" && !portalPath[2]) return send(res, 200, "text/html; charset=utf-8", portalPage(portal, theirs()));
      if (req.method === "POST" && portalPath[2] === "/cancel") {
        const subscription = theirs().find((sub) => sub.json.id === form.get("subscription"));
        if (!subscription) return send(res, 404, "text/plain", "No such subscription for this customer.");
        const delivery = await cancelSubscription(subscription);
        if (failed(delivery)) return send(res, 502, "text/plain", `The site answered the webhook with ${delivery.status}: ${delivery.body}`);
        return send(res, 303, "text/plain", "", { location: `/p/session/${portal.id}` });
      }
    }
    const hook = SUBSCRIPTION_HOOK.exec(path);
    if (req.method === "POST" && hook) {
      const subscription = subscriptions.get(hook[1]!);
      if (!subscription) return apiError(res, 404, `No such subscription: '${hook[1]}'`);
      if (hook[2] === "cancel") return sendJson(res, 200, await cancelSubscription(subscription));
      const paid = hook[2] === "renew";
      if (paid && subscription.json.status === "trialing") subscription.json.status = "active";
      const invoice = addInvoice(subscription, "subscription_cycle", paid);
      const delivery = await emit(eventPayload(paid ? "invoice.paid" : "invoice.payment_failed", invoice.json));
      return sendJson(res, 200, { ...delivery, invoice: invoice.json.id, paymentIntent: invoice.paymentIntent });
    }
    const refundHook = REFUND_HOOK.exec(path);
    if (req.method === "POST" && refundHook) {
      const paymentIntent = refundHook[1]!;
      const payment = paymentOf(paymentIntent);
      if (!payment) return apiError(res, 404, `No such payment_intent: '${paymentIntent}'`);
      const charge = refundedCharge(paymentIntent, payment);
      return sendJson(res, 200, { ...(await emit(eventPayload("charge.refunded", charge))), charge: charge.id });
    }
    const resendEvent = RESEND_EVENT.exec(path);
    if (req.method === "POST" && resendEvent) {
      const event = events.find((sent) => sent.id === resendEvent[1]);
      if (!event || !options.webhook) return apiError(res, 404, `No such event: '${resendEvent[1]}'`);
      return sendJson(res, 200, await deliver(options.webhook, event.payload));
    }
    if (req.method === "GET" && path === "/") return send(res, 200, "text/plain", "Stripe stand-in");
    apiError(res, 404, `No stand-in for ${req.method} ${req.url}`);
  }

  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      handle(req, res, body).catch((error: unknown) => {
        console.error("[stripe stand-in]", error);
        if (!res.headersSent) send(res, 500, "text/plain", String(error));
      });
    });
  });
  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    requests,
    refunds,
    failNext: (status, times = 1) => (failure = { status, times }),
    events,
    get invoiceBeforeSession() {
      return control.invoiceBeforeSession;
    },
    set invoiceBeforeSession(value: boolean) {
      control.invoiceBeforeSession = value;
    },
    settle,
    close: async () => {
      await settle();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
