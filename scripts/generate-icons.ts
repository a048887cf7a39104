/**
 * Renders the site's icons from one drawing (the header's gold star badge on navy): src/app/icon.svg (the
 * favicon modern browsers use), src/app/favicon.ico (32×32, for browsers and tools that ask for
 * /favicon.ico) and src/app/apple-icon.png (180×180, home screens). Next links them from every page.
 */
import { writeFileSync } from "node:fs";
import sharp from "sharp";

// A five-pointed star centred in a 64×64 box, on the gold disc of the header's badge.
const star = Array.from({ length: 10 }, (_, i) => {
  const radius = i % 2 === 0 ? 20 : 8.2;
  const angle = (Math.PI / 5) * i - Math.PI / 2;
  return `${(32 + radius * Math.cos(angle)).toFixed(2)},${(33 + radius * Math.sin(angle)).toFixed(2)}`;
}).join(" ");

const icon = (background: boolean) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
${background ? '<rect width="64" height="64" fill="#0f1b2d"/>' : ""}<circle cx="32" cy="32" r="${background ? 26 : 31}" fill="#c9a227"/>
<polygon points="${star}" fill="#0f1b2d"/>
</svg>
`;

/** An .ico holding one PNG image (allowed since Windows Vista, read by every current browser). */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // the image follows the header
  return Buffer.concat([header, png]);
}

writeFileSync("src/app/icon.svg", icon(false));
const favicon = await sharp(Buffer.from(icon(false))).resize(32, 32).png().toBuffer();
writeFileSync("src/app/favicon.ico", icoOf(favicon, 32));
await sharp(Buffer.from(icon(true))).resize(180, 180).png({ compressionLevel: 9 }).toFile("src/app/apple-icon.png");
console.log("wrote src/app/icon.svg, src/app/favicon.ico and src/app/apple-icon.png");
