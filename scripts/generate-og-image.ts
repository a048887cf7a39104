/** Renders public/og-image.png (1200x630, the Open Graph preview) from the hero art plus the association's name. */
import sharp from "sharp";
import { site } from "../src/lib/site";

const width = 1200;
const height = 630;

const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#0f1b2d" opacity="0.45"/>
  <rect x="80" y="250" width="96" height="6" fill="#c9a227"/>
  <text x="80" y="330" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="60" fill="#ffffff">${site.name}</text>
  <text x="80" y="395" font-family="DejaVu Sans, sans-serif" font-size="32" fill="#e9dfc7">${site.tagline}</text>
</svg>`;

await sharp("public/images/hero.webp")
  .resize(width, height, { fit: "cover", position: "left" })
  .composite([{ input: Buffer.from(overlay) }])
  .png({ compressionLevel: 9, palette: true })
  .toFile("public/og-image.png");
console.log("wrote public/og-image.png");
