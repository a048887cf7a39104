/**
 * The e2e site that delivers its mail over SMTP, and the mail catcher it delivers to (a real SMTP
 * server, test/smtp.ts, started by e2e/start-mail-catcher.ts), read over HTTP as a mail client reads an
 * inbox. It is the third e2e site (the one with Stripe keys, e2e/stripe.ts): the main site keeps running
 * without SMTP_URL, like a site whose mail was never set up.
 */
import { expect } from "@playwright/test";
import type { E2eSite } from "./member";
import { siteWithStripeDatabaseUrl, siteWithStripeUrl } from "./stripe";

const e2ePort = () => Number(process.env.E2E_PORT ?? 3200);

/** SMTP on 3205, its inbox over HTTP on 3206 (E2E_PORT moves both). */
export const mailCatcherSmtpPort = () => e2ePort() + 5;
export const mailCatcherHttpUrl = () => `http://127.0.0.1:${e2ePort() + 6}`;
export const mailCatcherSmtpUrl = () => `smtp://127.0.0.1:${mailCatcherSmtpPort()}`;

export function siteWithMail(): E2eSite {
  return { url: siteWithStripeUrl(), databaseUrl: siteWithStripeDatabaseUrl() };
}

export interface CaughtEmail {
  to: string[];
  /** The From header's address. */
  from: string;
  envelopeFrom: string;
  subject: string;
  text: string;
  html: string | undefined;
  /** Header fields by lower-case name, unfolded as a mail client reads them (RFC 5322). */
  headers: Record<string, string>;
}

async function inbox(to: string): Promise<CaughtEmail[]> {
  const response = await fetch(`${mailCatcherHttpUrl()}/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
  return (await response.json()) as CaughtEmail[];
}

/** Waits for a message to `to` whose subject matches, as delivered over SMTP, and returns the newest. */
export async function waitForDelivered(to: string, subject: RegExp | string, timeout = 20_000): Promise<CaughtEmail> {
  let found: CaughtEmail | undefined;
  await expect
    .poll(
      async () => {
        found = (await inbox(to)).filter((m) => (typeof subject === "string" ? m.subject === subject : subject.test(m.subject))).at(-1);
        return found !== undefined;
      },
      { timeout, message: `an email to ${to} with subject ${String(subject)}` },
    )
    .toBe(true);
  return found!;
}

export async function deliveredTo(to: string): Promise<CaughtEmail[]> {
  return inbox(to);
}
