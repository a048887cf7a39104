import { z } from "zod";

/**
 * The only reader of process.env. Everything else imports `env`.
 * Parsed lazily so a build step that never touches the database does not need DATABASE_URL.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url({ message: "DATABASE_URL must be a postgres:// URL" }),
  SITE_URL: z.string().url().default("http://localhost:3000"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
});

export type Env = z.infer<typeof envSchema>;

let parsed: Env | undefined;

export function getEnv(): Env {
  if (!parsed) {
    const result = envSchema.safeParse(process.env);
    if (!result.success) {
      const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`Invalid environment: ${problems}`);
    }
    parsed = result.data;
  }
  return parsed;
}

/** Public origin used in absolute URLs (sitemap, Open Graph, calendar links). Safe without a database. */
export function siteUrl(): string {
  return (process.env.SITE_URL ?? "http://localhost:3000").replace(/\/$/, "");
}
