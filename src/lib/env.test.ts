import { describe, expect, it } from "vitest";
import { newsletterSenderFrom } from "./env";

describe("NEWSLETTER_FROM's default", () => {
  it("is EMAIL_FROM's name at newsletter@ on EMAIL_FROM's domain", () => {
    expect(newsletterSenderFrom("Vanguard Veterans Association <no-reply@vanguardveterans.org>")).toBe("Vanguard Veterans Association <newsletter@vanguardveterans.org>");
    expect(newsletterSenderFrom("no-reply@mail.example.org")).toBe("newsletter@mail.example.org");
    expect(newsletterSenderFrom('"Vanguard, Inc." <a@b.example>')).toBe('"Vanguard, Inc." <newsletter@b.example>');
  });
});
