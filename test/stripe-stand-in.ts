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
 * session's payment intent in full (once per Idempotency-Key, as Stripe does).
 *
 * For tests only: POST /_stand-in/checkout/sessions/:id/resend-webhook delivers that session's event
 * again (same event, fresh signature), as `stripe events resend` does, and answers with the site's reply;
 * POST /_stand-in/checkout/sessions/:id/expire-now expires an open session as its `expires_at` passing
 * would, and delivers `checkout.session.expired`.
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
  close(): Promise<void>;
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
}

/** The Checkout Session as the API returns it, plus the line items the page shows. */
interface Session {
  json: Record<string, unknown> & { id: string; amount_total: number; currency: string; success_url: string | null; cancel_url: string | null };
  lineItems: LineItem[];
  /** The checkout.session.completed event sent when it was paid, exactly as delivered. */
  completedEvent?: string;
}

const API_PREFIX = "/v1/";
const PAY_PAGE = /^\/c\/pay\/(cs_[A-Za-z0-9_]+)$/;
const SESSION_API = /^\/v1\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)$/;
const RESEND = /^\/_stand-in\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)\/resend-webhook$/;
const EXPIRE_API = /^\/v1\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)\/expire$/;
const EXPIRE_NOW = /^\/_stand-in\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)\/expire-now$/;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `metadata[orderId]=…` → { orderId: … }: Stripe echoes every metadata key as a string. */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[([^\]]+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

function lineItemsOf(form: URLSearchParams): LineItem[] {
  const items: LineItem[] = [];
  for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
    const field = (name: string) => form.get(`line_items[${i}]${name}`);
    items.push({
      name: field("[price_data][product_data][name]") ?? "Item",
      quantity: Number(field("[quantity]")),
      unitAmount: Number(field("[price_data][unit_amount]")),
      currency: field("[price_data][currency]") ?? "usd",
    });
  }
  return items;
}

function createSession(form: URLSearchParams, id: string, pageUrl: string): Session {
  const lineItems = lineItemsOf(form);
  const amount = lineItems.reduce((sum, item) => sum + item.quantity * item.unitAmount, 0);
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
      success_url: form.get("success_url"),
      url: pageUrl,
    },
  };
}

function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

function checkoutPage(session: Session): string {
  const { json } = session;
  const total = formatAmount(json.amount_total, json.currency);
  const rows = session.lineItems
    .map(
      (item) =>
        `<tr><td>${item.quantity} × ${escapeHtml(item.name)}</td><td>${formatAmount(item.quantity * item.unitAmount, item.currency)}</td></tr>`,
    )
    .join("");
  const email = typeof json.customer_email === "string" ? `<p>Paying as ${escapeHtml(json.customer_email)}</p>` : "";
  const cancel = json.cancel_url ? `<p><a href="${escapeHtml(json.cancel_url)}">Cancel and go back</a></p>` : "";
  const done = json.status === "complete" ? "<p role=\"status\">This session is already paid.</p>" : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stripe Checkout (local stand-in)</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<main><h1>Stripe Checkout</h1><p>A local stand-in for Stripe: no card is charged.</p>${done}
<p>Amount due: <strong data-testid="amount-due">${total}</strong></p>
<table><caption>Items</caption><tbody>${rows}</tbody></table>${email}
<form method="post" action="/c/pay/${escapeHtml(json.id)}"><button type="submit">Pay</button></form>${cancel}</main></body></html>`;
}

/** An event about a Checkout Session as Stripe sends it, rendered once and kept as sent. */
function sessionEvent(session: Session, type: "checkout.session.completed" | "checkout.session.expired"): string {
  return JSON.stringify({
    id: `evt_standin_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    data: { object: session.json },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
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
  let failure: { status: number; times: number } | undefined;
  let created = 0;
  let origin = "";

  async function pay(session: Session, res: ServerResponse): Promise<void> {
    if (session.json.status === "expired") return send(res, 410, "text/plain", "This Checkout Session has expired: nothing was charged.");
    if (session.json.status !== "complete") {
      if (!options.webhook) return send(res, 501, "text/plain", "This stand-in was started without a webhook URL.");
      Object.assign(session.json, {
        status: "complete",
        payment_status: "paid",
        payment_intent: `pi_standin_${crypto.randomUUID().replaceAll("-", "")}`,
        customer_details: { email: session.json.customer_email, name: null },
      });
      session.completedEvent = sessionEvent(session, "checkout.session.completed");
      // Real Stripe delivers asynchronously and retries; here a site that refuses the event fails
      // loudly on the page, so a test sees why the order never turned paid.
      const delivery = await deliver(options.webhook, session.completedEvent);
      if (delivery.status < 200 || delivery.status >= 300) {
        return send(res, 502, "text/plain", `The site answered the webhook with ${delivery.status}: ${delivery.body}`);
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
    const paid = [...sessions.values()].find((s) => s.json.payment_intent === paymentIntent);
    if (!earlier && !paid) return apiError(res, 400, `No such payment_intent: '${paymentIntent}'`);
    if (!earlier && refunds.some((r) => r.paymentIntent === paymentIntent)) {
      return apiError(res, 400, `Charge for payment intent ${paymentIntent} has already been refunded.`);
    }
    const made = earlier || { id: `re_standin_${refunds.length + 1}`, paymentIntent, amount: paid!.json.amount_total, idempotencyKey };
    if (!earlier) refunds.push(made);
    sendJson(res, 200, { id: made.id, object: "refund", amount: made.amount, currency: "usd", payment_intent: made.paymentIntent, status: "succeeded" });
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
      return sendJson(res, 200, await deliver(options.webhook, sessionEvent(session, "checkout.session.expired")));
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
