import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import { STATEMENT_FONT_FILES } from "./statement-font-files";

export type Weight = "regular" | "bold";
export type Font = fontkit.Font;

/** Read and parsed once per process, and only when a statement needs it (the CJK files are large). */
const loaded = new Map<string, Font>();
function fontFile(file: string): Font {
  let font = loaded.get(file);
  if (!font) {
    font = fontkit.create(readFileSync(path.join(process.cwd(), "node_modules", file))) as Font;
    loaded.set(file, font);
  }
  return font;
}

function fontAt(index: number, weight: Weight): Font {
  const files = STATEMENT_FONT_FILES[index]!;
  return fontFile(weight === "bold" ? (files.bold ?? files.regular) : files.regular);
}

export function primaryFont(weight: Weight): Font {
  return fontAt(0, weight);
}

const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;
const MARK = /\p{M}/u;

/** A piece of one word in one font; right-to-left pieces are shaped (joined letters) and mirrored by fontkit. */
export type TextRun = { text: string; font: Font; rtl: boolean };

/** The first font that has the character (a combining mark stays with its letter's font if it can). */
function fontFor(char: string, weight: Weight, previous: Font | undefined): Font | null {
  const code = char.codePointAt(0)!;
  if (previous && MARK.test(char) && previous.hasGlyphForCodePoint(code)) return previous;
  for (let index = 0; index < STATEMENT_FONT_FILES.length; index++) {
    const font = fontAt(index, weight);
    if (font.hasGlyphForCodePoint(code)) return font;
  }
  return null;
}

/**
 * A word (no spaces) as runs of one font each. A character no font has prints as "?" (an emoji, a
 * script none of the fonts covers): visibly missing rather than a wrong letter.
 */
export function wordRuns(word: string, weight: Weight): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of word) {
    const previous = runs.at(-1);
    const font = fontFor(char, weight, previous?.font);
    const text = font ? char : "?";
    const runFont = font ?? primaryFont(weight);
    const rtl = RIGHT_TO_LEFT.test(char) || (previous?.rtl === true && MARK.test(char));
    if (previous && previous.font === runFont && previous.rtl === rtl) previous.text += text;
    else runs.push({ text, font: runFont, rtl });
  }
  return runs;
}

/** Normalized (composed letters, one space for any run of white space or control characters). */
export function cleanText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, " ")
    .trim();
}

/** True when no character of the text needs a font other than the first one. */
export function fitsPrimaryFont(text: string, weight: Weight): boolean {
  const font = primaryFont(weight);
  return [...text].every((char) => font.hasGlyphForCodePoint(char.codePointAt(0)!));
}
