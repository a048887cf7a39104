/**
 * The little formatting staff may use in a newsletter, parsed once and rendered three ways: the email's
 * HTML part, its plain-text part, and the staff preview (components/newsletter-body.tsx). No HTML typed
 * by staff ever reaches a reader: every character of their text is escaped, and the only markup is what
 * the renderer below writes.
 *
 *   Blank lines separate paragraphs; a line break inside a paragraph stays a line break.
 *   **bold**
 *   [the link's text](https://example.org/page)   — https, http and mailto only; bare https://… links too
 *   - a bulleted list (or "* "), one item per line
 *   1. a numbered list
 *
 * Kept free of server imports: the staff preview renders in the browser too.
 */

export type Inline = { type: "text"; text: string } | { type: "bold"; children: Inline[] } | { type: "link"; href: string; text: string };

export type Block =
  | { type: "paragraph"; lines: Inline[][] }
  | { type: "list"; ordered: boolean; items: Inline[][] };

const BULLET = /^\s*[-*]\s+/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+/;
const LINK_PROTOCOLS = new Set(["https:", "http:", "mailto:"]);
/** **bold**, [text](address), or a bare web address (its closing punctuation stays outside the link). */
const INLINE = /\*\*(?<bold>[^\n]+?)\*\*|\[(?<label>[^\]\n]+)\]\((?<href>[^()\s]+)\)|(?<bare>https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'"])/g;

/** The address a link may point to, or undefined for anything else (javascript:, data:, relative paths). */
export function safeLinkHref(href: string): string | undefined {
  try {
    const url = new URL(href);
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function parseInline(text: string, allowBold = true): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = out[out.length - 1];
    if (previous?.type === "text") previous.text += value;
    else out.push({ type: "text", text: value });
  };
  for (const match of text.matchAll(INLINE)) {
    const groups = match.groups ?? {};
    const index = match.index ?? 0;
    pushText(text.slice(last, index));
    last = index + match[0].length;
    if (groups.bold !== undefined) {
      if (allowBold) out.push({ type: "bold", children: parseInline(groups.bold, false) });
      else pushText(match[0]);
    } else if (groups.label !== undefined && groups.href !== undefined) {
      const href = safeLinkHref(groups.href);
      if (href) out.push({ type: "link", href, text: groups.label });
      else pushText(match[0]);
    } else if (groups.bare !== undefined) {
      const href = safeLinkHref(groups.bare);
      if (href) out.push({ type: "link", href, text: groups.bare });
      else pushText(match[0]);
    }
  }
  pushText(text.slice(last));
  return out;
}

/** The body as blocks: paragraphs and lists, each made of inline runs. */
export function parseNewsletter(body: string): Block[] {
  const blocks: Block[] = [];
  const chunks = body.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/);
  for (const chunk of chunks) {
    const lines = chunk.split("\n").filter((line) => line.trim() !== "");
    if (lines.length === 0) continue;
    const ordered = lines.every((line) => NUMBERED.test(line));
    if (ordered || lines.every((line) => BULLET.test(line))) {
      const marker = ordered ? NUMBERED : BULLET;
      blocks.push({ type: "list", ordered, items: lines.map((line) => parseInline(line.replace(marker, "").trim())) });
    } else {
      blocks.push({ type: "paragraph", lines: lines.map((line) => parseInline(line.trim())) });
    }
  }
  return blocks;
}

/** Links in the body whose address is not allowed: staff are told, rather than seeing them turn into text. */
export function unsafeLinks(body: string): string[] {
  const refused: string[] = [];
  for (const match of body.matchAll(INLINE)) {
    const href = match.groups?.href;
    if (href !== undefined && !safeLinkHref(href)) refused.push(href);
  }
  return refused;
}

// ---------------------------------------------------------------- HTML (the email's HTML part)

function escape(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

const LINK_STYLE = "color:#1f3a5f;text-decoration:underline";

function inlineHtml(runs: Inline[]): string {
  return runs
    .map((run) => {
      if (run.type === "text") return escape(run.text);
      if (run.type === "bold") return `<strong>${inlineHtml(run.children)}</strong>`;
      return `<a href="${escape(run.href)}" style="${LINK_STYLE}">${escape(run.text)}</a>`;
    })
    .join("");
}

/** The blocks as HTML for an email (inline styles: mail clients drop style sheets). */
export function blocksToHtml(blocks: Block[]): string {
  return blocks
    .map((block) => {
      if (block.type === "paragraph") return `<p style="margin:0 0 16px">${block.lines.map(inlineHtml).join("<br>")}</p>`;
      const tag = block.ordered ? "ol" : "ul";
      return `<${tag} style="margin:0 0 16px;padding-left:24px">${block.items.map((item) => `<li style="margin:0 0 4px">${inlineHtml(item)}</li>`).join("")}</${tag}>`;
    })
    .join("\n");
}

// ---------------------------------------------------------------- plain text (the email's text part)

function inlineText(runs: Inline[]): string {
  return runs
    .map((run) => {
      if (run.type === "text") return run.text;
      if (run.type === "bold") return inlineText(run.children);
      if (safeLinkHref(run.text) === run.href) return run.text; // a bare address, as typed
      const shown = run.href.startsWith("mailto:") ? run.href.slice("mailto:".length) : run.href;
      return run.text === shown ? shown : `${run.text} (${shown})`;
    })
    .join("");
}

export function blocksToText(blocks: Block[]): string {
  return blocks
    .map((block) => {
      if (block.type === "paragraph") return block.lines.map(inlineText).join("\n");
      return block.items.map((item, i) => `${block.ordered ? `${i + 1}.` : "-"} ${inlineText(item)}`).join("\n");
    })
    .join("\n\n");
}
