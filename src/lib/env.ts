import { z } from "zod";
import { site } from "./site";

/** An address as a mail header takes it: `info@example.org` or `Name <info@example.org>`. */
const MAILBOX = /^(?:[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+|[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>)$/;

/**
 * The only reader of process.env. Everything else imports `env`.
 * Parsed lazily so a build step that never touches the database does not need DATABASE_URL.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z.string().url({ message: "DATABASE_URL must be a postgres:// URL" }),
    SITE_URL: z.string().url().default("http://localhost:3000"),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** smtp:// or smtps:// (user:password@host:port). Unset: mail stays in the outbox and links are logged. */
    SMTP_URL: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.url({ protocol: /^smtps?$/, message: "SMTP_URL must be an smtp:// or smtps:// URL" }).optional(),
    ),
    EMAIL_FROM: z.string().min(3).default("Vanguard Veterans Association <no-reply@vanguardveterans.org>"),
    /** Where answers to the site's emails go (EMAIL_FROM is a no-reply address): a mailbox the association reads. */
    EMAIL_REPLY_TO: z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
      z.string().regex(MAILBOX, "EMAIL_REPLY_TO must be an email address, e.g. info@example.org or Name <info@example.org>").default(site.email),
    ),
    /** Sender of newsletters (kind "newsletter"), apart from receipts and account mail. Unset: derived from EMAIL_FROM. */
    NEWSLETTER_FROM: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(3).optional()),
    /** Days after a paid membership's expiry during which its benefits go on while the member renews. */
    MEMBERSHIP_GRACE_DAYS: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().min(0).max(90).default(14)),
    /** How often each server looks for membership renewal reminders to send (seconds; the e2e site uses a few). */
    MEMBERSHIP_REMINDER_INTERVAL_SECONDS: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().min(1).max(86_400).default(600)),
  })
  .transform((env) => ({ ...env, NEWSLETTER_FROM: env.NEWSLETTER_FROM ?? newsletterSenderFrom(env.EMAIL_FROM) }));

export type Env = z.output<typeof envSchema>;

/**
 * The newsletter's sender when NEWSLETTER_FROM is unset: EMAIL_FROM's name at the address
 * newsletter@ on EMAIL_FROM's domain ("Vanguard Veterans Association <newsletter@vanguardveterans.org>").
 */
export function newsletterSenderFrom(emailFrom: string): string {
  const angled = /^(.*)<([^<>]+)>\s*$/.exec(emailFrom.trim());
  const name = angled ? angled[1]!.trim() : "";
  const address = angled ? angled[2]!.trim() : emailFrom.trim();
  const at = address.lastIndexOf("@");
  if (at < 0) return emailFrom;
  const domain = address.slice(at + 1);
  return name ? `${name} <newsletter@${domain}>` : `newsletter@${domain}`;
}

/** Parses process.env with one schema, or throws one error that names every problem. */
function parseEnvironment<S extends z.ZodType>(schema: S): z.output<S> {
  const result = schema.safeParse(process.env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  return result.data;
}

let parsed: Env | undefined;

export function getEnv(): Env {
  parsed ??= parseEnvironment(envSchema);
  return parsed;
}

/** Public origin used in absolute URLs (sitemap, Open Graph, calendar links). Safe without a database. */
export function siteUrl(): string {
  return (process.env.SITE_URL ?? "http://localhost:3000").replace(/\/$/, "");
}

/**
 * Accounts (better-auth). Parsed apart from the database settings so the rest of the site never
 * depends on them. BETTER_AUTH_SECRET signs session cookies: required in production (`npm start`
 * generates one under ./data when none is set), except while `next build` collects pages.
 */
const DEVELOPMENT_SECRET = "development-only-secret-never-used-in-production";

const authEnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    NEXT_PHASE: z.string().optional(),
    BETTER_AUTH_SECRET: z.string().min(32, "BETTER_AUTH_SECRET must be at least 32 characters (openssl rand -base64 32)").optional(),
    /** better-auth's HTTP limiter and the sign-in/sign-up action limiter; default on in production only. */
    AUTH_RATE_LIMIT: z.enum(["on", "off"]).optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** Multiplies the per-address limits: for test servers whose every client shares one address. */
    AUTH_ADDRESS_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
    /** An OpenID Connect discovery document standing in for Google's (tests); unset means Google itself. */
    GOOGLE_DISCOVERY_URL: z.url({ protocol: /^https?$/ }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.NODE_ENV === "production" && value.NEXT_PHASE !== "phase-production-build" && !value.BETTER_AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["BETTER_AUTH_SECRET"], message: "BETTER_AUTH_SECRET is required in production" });
    }
  })
  .transform(({ NODE_ENV, NEXT_PHASE, BETTER_AUTH_SECRET, AUTH_RATE_LIMIT, AUTH_ADDRESS_LIMIT_FACTOR, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_DISCOVERY_URL }) => ({
    /** Signs sessions and the site's own links; a fixed value only where none is required (development, tests, build). */
    secret: BETTER_AUTH_SECRET ?? DEVELOPMENT_SECRET,
    addressLimitFactor: AUTH_ADDRESS_LIMIT_FACTOR,
    google:
      GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET
        ? { clientId: GOOGLE_CLIENT_ID, clientSecret: GOOGLE_CLIENT_SECRET, discoveryUrl: GOOGLE_DISCOVERY_URL }
        : undefined,
    production: NODE_ENV === "production",
    buildPhase: NEXT_PHASE === "phase-production-build",
    rateLimitEnabled: (AUTH_RATE_LIMIT ?? (NODE_ENV === "production" ? "on" : "off")) === "on",
  }));

export type AuthEnv = z.output<typeof authEnvSchema>;

let parsedAuth: AuthEnv | undefined;

export function getAuthEnv(): AuthEnv {
  parsedAuth ??= parseEnvironment(authEnvSchema);
  return parsedAuth;
}

/**
 * Payments. Without STRIPE_SECRET_KEY the shop takes orders to pay later (at pickup); with it,
 * checkout redirects to Stripe Checkout and STRIPE_WEBHOOK_SECRET verifies the webhook that marks
 * orders paid. STRIPE_API_BASE points the SDK at another API origin (tests use a local stand-in).
 * Read on every call (a handful of variables), so tests can switch payment modes.
 */
const paymentsEnvSchema = z.object({
  STRIPE_SECRET_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(1).optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(1).optional()),
  STRIPE_API_BASE: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
});

export type PaymentsEnv = z.output<typeof paymentsEnvSchema>;

export function getPaymentsEnv(): PaymentsEnv {
  return parseEnvironment(paymentsEnvSchema);
}

/**
 * The HTTP front (src/server): where to listen, which proxies may tell us the client's address, the
 * outside origins a no-JavaScript form may be redirected to (Google's sign-in page, Stripe Checkout),
 * and the database its site-unavailable page asks about.
 */
const frontEnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    SITE_URL: z.url().default("http://localhost:3000"),
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .transform((value) => (value ?? "").split(",").map((entry) => entry.trim()).filter(Boolean)),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_DISCOVERY_URL: z.url().optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_CHECKOUT_ORIGIN: z.url().optional(),
    /** Only to tell a failed page's cause: an unreachable database makes the front's answer a 503. */
    DATABASE_URL: z.preprocess((value) => (value === "" ? undefined : value), z.string().optional()),
    /** Where `next build` wrote the site (next.config.ts reads the same variable). */
    NEXT_DIST_DIR: z.string().min(1).default(".next"),
  })
  .transform((env) => ({
    distDir: env.NEXT_DIST_DIR,
    port: env.PORT,
    host: env.HOST,
    siteUrl: env.SITE_URL.replace(/\/$/, ""),
    trustedProxies: env.TRUSTED_PROXIES,
    databaseUrl: env.DATABASE_URL,
    formRedirectOrigins: [
      ...(env.GOOGLE_CLIENT_ID ? [new URL(env.GOOGLE_DISCOVERY_URL ?? "https://accounts.google.com").origin] : []),
      ...(env.STRIPE_SECRET_KEY ? [new URL(env.STRIPE_CHECKOUT_ORIGIN ?? "https://checkout.stripe.com").origin] : []),
      // A monthly donor's "manage my gift" button posts here and lands on Stripe's customer portal.
      ...(env.STRIPE_SECRET_KEY ? ["https://billing.stripe.com"] : []),
    ],
  }));

export type FrontEnv = z.output<typeof frontEnvSchema>;

export function getFrontEnv(): FrontEnv {
  return parseEnvironment(frontEnvSchema);
}

/**
 * Tests only: CLOCK_START (an ISO 8601 instant with its offset, e.g. 2027-06-20T15:00:00Z) starts
 * the app's clock (src/lib/clock.ts) at that instant, from which it runs in real time. CLOCK_ANCHOR,
 * another instant, says when by the system's time it showed CLOCK_START, so that several app servers
 * given the same pair read one clock; unset, it is the moment the process first reads the clock.
 */
const isoInstant = (name: string) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.iso.datetime({ offset: true, message: `${name} must be an ISO 8601 instant such as 2027-06-20T15:00:00Z` }).optional(),
  );

const clockEnvSchema = z.object({
  CLOCK_START: isoInstant("CLOCK_START"),
  CLOCK_ANCHOR: isoInstant("CLOCK_ANCHOR"),
});

export function getClockEnv(): { clockStart: Date | undefined; clockAnchor: Date | undefined } {
  const { CLOCK_START: start, CLOCK_ANCHOR: anchor } = parseEnvironment(clockEnvSchema);
  return { clockStart: start === undefined ? undefined : new Date(start), clockAnchor: anchor === undefined ? undefined : new Date(anchor) };
}

const checkInEnvSchema = z.object({
  /** How many hours before an event starts its door check-in opens (it closes at the end of the event's day). */
  CHECK_IN_OPENS_HOURS_BEFORE: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number({ message: "CHECK_IN_OPENS_HOURS_BEFORE must be a number of hours" }).int("CHECK_IN_OPENS_HOURS_BEFORE must be whole hours").min(0).max(48).default(2),
  ),
});

/** When door check-in opens, in hours before an event starts (default 2). */
export function getCheckInOpensHoursBefore(): number {
  return parseEnvironment(checkInEnvSchema).CHECK_IN_OPENS_HOURS_BEFORE;
}

/**
 * The association as donation receipts name it (IRS Publication 1771: the organisation's name and,
 * in practice, its EIN). The defaults are SAMPLES for development and tests: set both in production.
 * "00-" is a prefix the IRS never assigns, so a receipt carrying the sample EIN is plainly not real.
 */
export const SAMPLE_ORGANIZATION_LEGAL_NAME = "Vanguard Veterans Association (sample legal name)";
export const SAMPLE_ORGANIZATION_EIN = "00-0000000";

const organizationEnvSchema = z.object({
  ORGANIZATION_LEGAL_NAME: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().trim().min(2, "ORGANIZATION_LEGAL_NAME is the association's legal name, as the IRS knows it").max(200).default(SAMPLE_ORGANIZATION_LEGAL_NAME),
  ),
  ORGANIZATION_EIN: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().trim().regex(/^\d{2}-\d{7}$/, "ORGANIZATION_EIN must look like 12-3456789").default(SAMPLE_ORGANIZATION_EIN),
  ),
});

export interface OrganizationEnv {
  legalName: string;
  ein: string;
  /** Either value is still the development sample. */
  sample: boolean;
  sampleLegalName: boolean;
  sampleEin: boolean;
}

export function getOrganizationEnv(): OrganizationEnv {
  const env = parseEnvironment(organizationEnvSchema);
  const sampleLegalName = env.ORGANIZATION_LEGAL_NAME === SAMPLE_ORGANIZATION_LEGAL_NAME;
  const sampleEin = env.ORGANIZATION_EIN === SAMPLE_ORGANIZATION_EIN;
  return { legalName: env.ORGANIZATION_LEGAL_NAME, ein: env.ORGANIZATION_EIN, sample: sampleLegalName || sampleEin, sampleLegalName, sampleEin };
}
