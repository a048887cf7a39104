import { describe, expect, it } from "vitest";
import { EMAIL_KIND_NAMES, EMAIL_KINDS, MAILBOX_LIMITS, mailboxLimitFor, type EmailKindRules } from "./kinds";

/**
 * The registry is read at run time by the email log (which bodies to withhold) and by the per-mailbox
 * limits; the type checker is not there to catch an entry that says too little. A sample of each kind
 * is checked in src/features/email-kinds.test.ts.
 */
describe("the email kind registry", () => {
  it("says of every kind whether it carries a secret", () => {
    const unsaid = EMAIL_KIND_NAMES.filter((kind) => typeof (EMAIL_KINDS[kind] as Partial<EmailKindRules>).secret !== "boolean");
    expect(unsaid, "kinds that do not say whether their body carries a secret (secret: true or false)").toEqual([]);
  });

  it("names only limits that exist, and every limit is some kind's", () => {
    const rules: [string, EmailKindRules][] = Object.entries(EMAIL_KINDS);
    const named = rules.flatMap(([, rule]) => (rule.mailboxLimit ? [rule.mailboxLimit] : []));
    expect(named.filter((name) => !Object.hasOwn(MAILBOX_LIMITS, name))).toEqual([]);
    expect(Object.keys(MAILBOX_LIMITS).filter((name) => !named.includes(name as never))).toEqual([]);
  });

  it("counts kinds that share a limit in one place, per mailbox whatever the letter case", () => {
    expect(mailboxLimitFor("confirm-email", "Dana@Example.com")).toEqual({ key: "account-mail:dana@example.com", rule: { window: 3600, max: 5 } });
    expect(mailboxLimitFor("existing-account", "dana@example.com").key).toBe(mailboxLimitFor("email-change-taken", "DANA@example.com").key);
    expect(mailboxLimitFor("newsletter-confirmation", "x@example.com").key).toBe(mailboxLimitFor("newsletter-already-subscribed", "x@example.com").key);
  });
});
