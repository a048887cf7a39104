import { site } from "@/lib/site";
import { escapeHtml } from "./escape-html";

/**
 * One piece of an email, written once and rendered into both the plain-text and the HTML part, so
 * the two cannot say different things.
 * - a string: a paragraph (addresses in it become links in the HTML);
 * - `lines`: lines kept together (an address, totals, "When / Where");
 * - `button`: a link the reader should follow: "label: address" in text, a button in HTML (with the
 *   address written out under it when `showAddress`, for mail clients that block styled links);
 * - `quote`: quoted text ("> " in text, a blockquote in HTML);
 * - `image`: an inline image (by Content-ID) and what the text part says instead;
 * - `rule`: a separator; `small`: a muted line (the signature).
 */
export type EmailBlock =
  | string
  | { lines: string[] }
  | { button: string; href: string; showAddress?: boolean }
  | { quote: string[] }
  | { image: { cid: string; alt: string; width: number; height: number }; text: string }
  | { rule: true }
  | { small: string };

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The association's name and how to reach it, under most messages. */
export function signature(): EmailBlock {
  return { small: `${site.name} · ${site.email} · ${site.phone}` };
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** Escaped text with every http(s) address made a link (a trailing full stop or bracket stays text). */
function linkedHtml(text: string): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:!?)\]]+$/, "");
    const start = match.index;
    out += escapeHtml(text.slice(last, start)) + `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

const paragraphHtml = (text: string) => `<p>${text.split("\n").map(linkedHtml).join("<br>")}</p>`;

function blockText(block: EmailBlock): string {
  if (typeof block === "string") return block;
  if ("lines" in block) return block.lines.join("\n");
  if ("button" in block) return `${block.button}: ${block.href}`;
  if ("quote" in block) return block.quote.map((line) => `> ${line}`).join("\n");
  if ("image" in block) return block.text;
  if ("rule" in block) return "—";
  return block.small;
}

function blockHtml(block: EmailBlock): string {
  if (typeof block === "string") return paragraphHtml(block);
  if ("lines" in block) return paragraphHtml(block.lines.join("\n"));
  if ("button" in block) {
    const button = `<p><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 20px;background:#4b5320;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(block.button)}</a></p>`;
    return block.showAddress ? `${button}\n<p>Or paste this address into your browser:<br>${escapeHtml(block.href)}</p>` : button;
  }
  if ("quote" in block) {
    return `<blockquote style="margin:0 0 0 8px;padding-left:12px;border-left:3px solid #ccc;color:#444">${paragraphHtml(block.quote.join("\n"))}</blockquote>`;
  }
  if ("image" in block) {
    const { cid, alt, width, height } = block.image;
    return `${paragraphHtml(block.text)}\n<p><img src="cid:${escapeHtml(cid)}" width="${width}" height="${height}" alt="${escapeHtml(alt)}"></p>`;
  }
  if ("rule" in block) return `<hr style="border:none;border-top:1px solid #ccc">`;
  return `<p style="color:#555">${linkedHtml(block.small)}</p>`;
}

/** Both parts of a message from one list of blocks: paragraphs apart by a blank line in text, <p> in HTML. */
export function composeEmail(subject: string, blocks: EmailBlock[]): ComposedEmail {
  const text = blocks.map(blockText).join("\n\n");
  const body = blocks.map(blockHtml).join("\n");
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">
${body}
</body>
</html>`;
  return { subject, text, html };
}

/** The HTML part of a message written as plain text only: the same paragraphs, escaped, links made links. */
export function htmlFromText(subject: string, text: string): string {
  return composeEmail(
    subject,
    text.split(/\n{2,}/).filter((paragraph) => paragraph.trim() !== ""),
  ).html;
}
