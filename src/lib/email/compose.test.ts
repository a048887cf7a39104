import { describe, expect, it } from "vitest";
import { composeEmail, htmlFromText, signature } from "./compose";

describe("composeEmail", () => {
  it("writes each block into both parts: paragraphs, kept lines, buttons, quotes, images, rules, the signature", () => {
    const mail = composeEmail("Hello & welcome", [
      "Hello <Sam>,",
      { lines: ["When: today", "Where: here"] },
      { button: "Open it", href: "https://example.org/a?b=1&c=2", showAddress: true },
      { quote: ["first", "second"] },
      { image: { cid: "qr@site", alt: "A code", width: 10, height: 10 }, text: "Show the code." },
      { rule: true },
      signature(),
    ]);
    expect(mail.subject).toBe("Hello & welcome");
    expect(mail.text).toBe(
      [
        "Hello <Sam>,",
        "When: today\nWhere: here",
        "Open it: https://example.org/a?b=1&c=2",
        "> first\n> second",
        "Show the code.",
        "—",
        "Vanguard Veterans Association · info@vanguardveterans.org · (210) 555-0142",
      ].join("\n\n"),
    );
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(mail.html).toContain("<title>Hello &amp; welcome</title>");
    expect(mail.html).toContain("<p>Hello &lt;Sam&gt;,</p>");
    expect(mail.html).toContain("<p>When: today<br>Where: here</p>");
    expect(mail.html).toContain('<a href="https://example.org/a?b=1&amp;c=2" style=');
    expect(mail.html).toContain(">Open it</a>");
    expect(mail.html).toContain("Or paste this address into your browser:<br>https://example.org/a?b=1&amp;c=2</p>");
    expect(mail.html).toMatch(/<blockquote[^>]*><p>first<br>second<\/p><\/blockquote>/);
    expect(mail.html).toContain('<p>Show the code.</p>\n<p><img src="cid:qr@site" width="10" height="10" alt="A code"></p>');
    expect(mail.html).toContain("<hr");
    expect(mail.html).toContain('<p style="color:#555">Vanguard Veterans Association · info@vanguardveterans.org · (210) 555-0142</p>');
  });

  it("links addresses in the text, leaving a closing full stop or bracket outside the link", () => {
    const { html } = composeEmail("Links", ["See https://example.org/x. Or (https://example.org/y) or http://a.test/p?q=\"1\""]);
    expect(html).toContain(
      '<p>See <a href="https://example.org/x">https://example.org/x</a>. Or (<a href="https://example.org/y">https://example.org/y</a>) or <a href="http://a.test/p?q=">http://a.test/p?q=</a>&quot;1&quot;</p>',
    );
  });

  it("never lets text become markup, in a paragraph, a button or an address", () => {
    const { html } = composeEmail(`<script>alert(1)</script>`, [
      `<img src=x onerror=alert(1)>`,
      { button: `"><script>`, href: `https://example.org/"><script>` },
    ]);
    expect(html).not.toMatch(/<script|<img src=x/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});

describe("htmlFromText", () => {
  it("turns a text-only message's paragraphs into the HTML part", () => {
    const html = htmlFromText("Hi", "Hello,\n\nLine one\nline two\n\n\n\nBye https://example.org.");
    expect(html).toContain("<p>Hello,</p>\n<p>Line one<br>line two</p>\n<p>Bye <a href=\"https://example.org\">https://example.org</a>.</p>");
  });
});
