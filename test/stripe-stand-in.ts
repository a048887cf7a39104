/**
 * A local HTTP stand-in for the few Stripe API calls the shop makes (POST /v1/checkout/sessions):
 * the real SDK talks to it through STRIPE_API_BASE, so tests never reach the internet.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  /** Makes the next `times` session creations answer this HTTP status with a Stripe-shaped error. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  let failure: { status: number; times: number } | undefined;
  let sessions = 0;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      requests.push({ method: req.method ?? "", path: req.url ?? "", authorization: req.headers.authorization, form });
      res.setHeader("content-type", "application/json");
      if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
        if (failure && failure.times > 0) {
          res.statusCode = failure.status;
          failure.times--;
          res.end(JSON.stringify({ error: { type: "api_error", message: "Stand-in failure" } }));
          return;
        }
        const id = `cs_test_standin_${++sessions}`;
        let amount = 0;
        for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
          amount += Number(form.get(`line_items[${i}][quantity]`)) * Number(form.get(`line_items[${i}][price_data][unit_amount]`));
        }
        res.end(
          JSON.stringify({
            id,
            object: "checkout.session",
            mode: "payment",
            amount_total: amount,
            client_reference_id: form.get("client_reference_id"),
            metadata: { orderId: form.get("metadata[orderId]"), orderNumber: form.get("metadata[orderNumber]") },
            payment_status: "unpaid",
            url: `https://checkout.stripe.test/c/pay/${id}`,
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: "invalid_request_error", message: `No stand-in for ${req.method} ${req.url}` } }));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (status, times = 1) => (failure = { status, times }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
