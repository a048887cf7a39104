import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "@/lib/email/escape-html";
import { EMAIL_KIND_NAMES, isEmailKind } from "@/lib/email/kinds";
import { EMAIL_SAMPLES, HOSTILE, kindOf } from "../../test/email-samples";

/**
 * Every kind of email the services write to the outbox has a plain-text and an HTML part, and the
 * two say the same: every paragraph of the text is in the HTML, every link in the text is a link in
 * the HTML, and nothing typed by a person (a name, a message) becomes markup.
 */

/** All of src/: the features queue most mail, lib/auth the account emails. */
const SOURCE = path.join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/**
 * The kinds the services name where they queue a message: `enqueueEmail(tx, { kind: "…"`,
 * `sendEmail({ kind: "…"` (or a constant the file defines), and the two helpers that pass a kind on (`tellBuyer(tx, order, "…"` on the
 * orders desk, `mail(tx, userId, "…"` in registrations), or a message literal `{ kind: "…", to:` a helper returns.
 * A call whose kind is not written out there
 * is counted too, so a new way of queueing mail cannot slip past this list.
 */
function kindsInSource(): { kinds: Set<string>; unnamedCalls: string[] } {
  const kinds = new Set<string>();
  const unnamedCalls: string[] = [];
  for (const file of sourceFiles(SOURCE)) {
    const source = readFileSync(file, "utf8");
    if (!/@\/lib\/email\/(outbox|send)"/.test(source)) continue;
    const constants = new Map([...source.matchAll(/const (\w+) = "([a-z-]+)";/g)].map((match) => [match[1]!, match[2]!]));
    for (const match of source.matchAll(/(?:enqueueEmail\(\w+,|sendEmail\()\s*\{\s*kind(?:: "([a-z-]+)"|: ([A-Z_]+)\b)?/g)) {
      const kind = match[1] ?? (match[2] ? constants.get(match[2]) : undefined);
      if (kind) kinds.add(kind);
      else if (!/async function (tellBuyer|mail)\(/.test(source)) unnamedCalls.push(path.relative(SOURCE, file));
    }
    for (const match of source.matchAll(/(?:tellBuyer\(tx, \w+, |\bmail\(tx, [^,()]+, )"([a-z-]+)"/g)) kinds.add(match[1]!);
    // A message made by a helper of its own and queued as it comes (the newsletter's confirmation, alone or in an import's batch).
    for (const match of source.matchAll(/\{\s*kind: "([a-z-]+)",\s*to:/g)) kinds.add(match[1]!);
  }
  return { kinds, unnamedCalls };
}

/** What a reader of the HTML part sees: tags gone, entities decoded, white space collapsed. */
function visibleText(html: string): string {
  const body = html.replace(/^[\s\S]*<body[^>]*>/, "").replace(/<\/body>[\s\S]*$/, "");
  return body
    .replace(/<br\s*\/?>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ")
    .trim();
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
const withoutTrailingPunctuation = (url: string) => url.replace(/[.,;:!?)\]]+$/, "");

describe("every email kind", () => {
  it("is in the registry: the services queue exactly the kinds src/lib/email/kinds.ts lists", () => {
    const { kinds, unnamedCalls } = kindsInSource();
    expect(unnamedCalls, "calls that queue mail without naming its kind where this test can read it").toEqual([]);
    expect(kinds.size).toBeGreaterThan(15);
    const missing = [...kinds].filter((kind) => !isEmailKind(kind));
    expect(missing, "kinds queued by the services that src/lib/email/kinds.ts does not list").toEqual([]);
    const stale = EMAIL_KIND_NAMES.filter((kind) => !kinds.has(kind));
    expect(stale, "kinds in src/lib/email/kinds.ts that no service queues any more").toEqual([]);
  });

  it("has a sample here, and every sample is of a kind in the registry", () => {
    const sampled = new Set(Object.keys(EMAIL_SAMPLES).map(kindOf));
    const missing = EMAIL_KIND_NAMES.filter((kind) => !sampled.has(kind));
    expect(missing, "kinds in src/lib/email/kinds.ts without a sample in test/email-samples.ts").toEqual([]);
  });

  for (const [kind, build] of Object.entries(EMAIL_SAMPLES)) {
    it(`${kind}: a plain-text part and an HTML part that say the same`, async () => {
      const mail = await build();
      expect(mail.subject.trim()).not.toBe("");
      expect(mail.text.trim()).not.toBe("");
      expect(mail.html).toMatch(/^<!DOCTYPE html>/);
      expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);

      const seen = visibleText(mail.html);
      for (const paragraph of mail.text.split(/\n{2,}/)) {
        const words = paragraph
          .replace(URL_PATTERN, "")
          .replace(/^> ?/gm, "")
          .replace(/^—$/, "")
          .replace(/:\s*$/, "")
          .replace(/\s+/g, " ")
          .trim();
        if (words) expect(seen, `the HTML part of ${kind} says "${words}"`).toContain(words);
      }
      for (const url of mail.text.match(URL_PATTERN) ?? []) {
        expect(mail.html, `the HTML part of ${kind} links ${url}`).toContain(`href="${escapeHtml(withoutTrailingPunctuation(url))}"`);
      }
      // What people typed stays text in both parts: never markup in the HTML.
      if (mail.text.includes(HOSTILE)) expect(mail.html).toContain(escapeHtml(HOSTILE));
      expect(mail.html).not.toContain("<b>");
    });
  }
});
