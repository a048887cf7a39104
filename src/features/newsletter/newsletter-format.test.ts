import { describe, expect, it } from "vitest";
import { blocksToHtml, blocksToText, parseNewsletter } from "./newsletter-format";
import { issueSchema } from "./newsletter-desk.schema";

const html = (body: string) => blocksToHtml(parseNewsletter(body));
const text = (body: string) => blocksToText(parseNewsletter(body));

describe("newsletter formatting", () => {
  it("makes paragraphs, line breaks, bold, links and both kinds of list", () => {
    const body = "Dear members,\nwelcome.\n\n**Range day** is on [Saturday](https://example.org/range).\n\n- Bring water\n* Bring ID\n\n1. Sign in\n2) Shoot";
    expect(html(body)).toBe(
      [
        '<p style="margin:0 0 16px">Dear members,<br>welcome.</p>',
        '<p style="margin:0 0 16px"><strong>Range day</strong> is on <a href="https://example.org/range" style="color:#1f3a5f;text-decoration:underline">Saturday</a>.</p>',
        '<ul style="margin:0 0 16px;padding-left:24px"><li style="margin:0 0 4px">Bring water</li><li style="margin:0 0 4px">Bring ID</li></ul>',
        '<ol style="margin:0 0 16px;padding-left:24px"><li style="margin:0 0 4px">Sign in</li><li style="margin:0 0 4px">Shoot</li></ol>',
      ].join("\n"),
    );
    expect(text(body)).toBe("Dear members,\nwelcome.\n\nRange day is on Saturday (https://example.org/range).\n\n- Bring water\n- Bring ID\n\n1. Sign in\n2. Shoot");
  });

  it("links bare web addresses, leaving the sentence's punctuation outside, and shows mailto links as the address", () => {
    expect(html("See https://example.org/a?b=1&c=2.")).toBe(
      '<p style="margin:0 0 16px">See <a href="https://example.org/a?b=1&amp;c=2" style="color:#1f3a5f;text-decoration:underline">https://example.org/a?b=1&amp;c=2</a>.</p>',
    );
    expect(text("Write to [us](mailto:info@example.org) or https://example.org.")).toBe("Write to us (info@example.org) or https://example.org.");
  });

  it("never lets typed markup or a script link through", () => {
    const hostile = '<script>alert(1)</script> <img src=x onerror=alert(1)> [click](javascript:alert(1)) **<b>"quoted"</b>**';
    const out = html(hostile);
    expect(out).not.toMatch(/<script|<img|<b>|href="javascript/i);
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("[click](javascript:alert(1))");
    expect(out).toContain("<strong>&lt;b&gt;&quot;quoted&quot;&lt;/b&gt;</strong>");
  });

  it("the staff form refuses HTML and links that are not web or mail addresses, beside the field", () => {
    const issue = (body: string) => issueSchema.safeParse({ subject: "June news", body });
    expect(issue("Hello **all**, see [this](https://example.org).").success).toBe(true);
    expect(issue("Hello <b>all</b>").error?.issues[0]).toMatchObject({ path: ["body"], message: expect.stringContaining("HTML is not used here") });
    expect(issue("[x](javascript:void0)").error?.issues[0]?.message).toBe("Links must start with https://, http:// or mailto: (not “javascript:void0”).");
    expect(issue("[our page](/about)").error?.issues[0]?.message).toBe("Links must start with https://, http:// or mailto: (not “/about”).");
    expect(issue("   ").error?.issues[0]?.message).toBe("Write the newsletter's text.");
    expect(issueSchema.safeParse({ subject: "two\nlines", body: "x" }).success).toBe(false);
  });
});
