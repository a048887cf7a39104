/**
 * Generates the site's illustration assets (products, training programs, team
 * avatars, hero and about-page art) as original flat/vector drawings.
 *
 * Every image is described as an SVG string in code and rasterised to WebP
 * with sharp. No fonts, photos, external assets or network access are used,
 * and all "randomness" comes from a seeded PRNG, so the output is
 * deterministic. Existing files are overwritten.
 *
 *   node_modules/.bin/tsx scripts/generate-images.ts
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "public", "images");
const WEBP_QUALITY = 80;

/* -------------------------------------------------------------------------- */
/* Palette                                                                    */
/* -------------------------------------------------------------------------- */

const C = {
  navyDeep: "#0f1b2d",
  navy: "#1b2a41",
  navyLight: "#2a3d5c",
  oliveDeep: "#3a4019",
  oliveDark: "#4b5320",
  olive: "#6b7a3a",
  oliveLight: "#7f8d4a",
  sandDark: "#a89563",
  sand: "#c8b68a",
  sandLight: "#e9dfc7",
  paper: "#f6f1e4",
  gold: "#c9a227",
  white: "#ffffff",
  charcoal: "#33373c",
  ink: "#1e2023",
} as const;

/* -------------------------------------------------------------------------- */
/* Small utilities                                                            */
/* -------------------------------------------------------------------------- */

type Pt = [number, number];
type Attrs = Record<string, string | number | undefined>;
type Stop = [offset: number, color: string, opacity?: number];

/** Round to one decimal so the SVG source stays compact. */
const n = (v: number): string => String(Math.round(v * 10) / 10);

/** Deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rand: () => number, lo: number, hi: number): number => lo + rand() * (hi - lo);

/* -------------------------------------------------------------------------- */
/* SVG document builder                                                       */
/* -------------------------------------------------------------------------- */

class Svg {
  private readonly defs: string[] = [];
  private counter = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  private id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  /** Linear gradient; coordinates are bounding-box fractions unless `user`. */
  linear(stops: Stop[], [x1, y1, x2, y2]: [number, number, number, number] = [0, 0, 0, 1], user = false): string {
    const id = this.id("lg");
    const units = user ? ' gradientUnits="userSpaceOnUse"' : "";
    this.defs.push(
      `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"${units}>${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Radial gradient; coordinates are bounding-box fractions unless `user`. */
  radial(stops: Stop[], [cx, cy, r]: [number, number, number] = [0.5, 0.5, 0.5], user = false): string {
    const id = this.id("rg");
    const units = user ? ' gradientUnits="userSpaceOnUse"' : "";
    this.defs.push(
      `<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${units}>${stopsXml(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** Gaussian blur filter. */
  blur(std: number): string {
    const id = this.id("bl");
    this.defs.push(
      `<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%"><feGaussianBlur stdDeviation="${std}"/></filter>`,
    );
    return `url(#${id})`;
  }

  /** Soft, tinted drop shadow under whatever the filter is applied to. */
  dropShadow(std: number, dy: number, color: string, opacity: number): string {
    const id = this.id("ds");
    this.defs.push(
      `<filter id="${id}" x="-25%" y="-25%" width="150%" height="160%">` +
        `<feGaussianBlur in="SourceAlpha" stdDeviation="${std}"/>` +
        `<feOffset dy="${dy}" result="b"/>` +
        `<feFlood flood-color="${color}" flood-opacity="${opacity}"/>` +
        `<feComposite in2="b" operator="in"/>` +
        `<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
    );
    return `url(#${id})`;
  }

  /** Clip path from arbitrary shape markup. */
  clip(content: string): string {
    const id = this.id("cp");
    this.defs.push(`<clipPath id="${id}">${content}</clipPath>`);
    return `url(#${id})`;
  }

  render(body: string): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" ` +
      `viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join("")}</defs>${body}</svg>`
    );
  }
}

function stopsXml(stops: Stop[]): string {
  return stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`)
    .join("");
}

/* -------------------------------------------------------------------------- */
/* Element helpers                                                            */
/* -------------------------------------------------------------------------- */

function el(tag: string, attrs: Attrs, children?: string): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}="${typeof v === "number" ? n(v) : v}"`)
    .join(" ");
  return children === undefined ? `<${tag} ${a}/>` : `<${tag} ${a}>${children}</${tag}>`;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, a: Attrs = {}) =>
  el("rect", { x, y, width: w, height: h, fill, ...a });
const circle = (cx: number, cy: number, r: number, fill: string, a: Attrs = {}) => el("circle", { cx, cy, r, fill, ...a });
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, a: Attrs = {}) =>
  el("ellipse", { cx, cy, rx, ry, fill, ...a });
const shape = (d: string, fill: string, a: Attrs = {}) => el("path", { d, fill, ...a });
const poly = (pts: Pt[], fill: string, a: Attrs = {}) =>
  el("polygon", { points: pts.map(([x, y]) => `${n(x)},${n(y)}`).join(" "), fill, ...a });
const group = (children: string | string[], a: Attrs = {}) =>
  el("g", a, Array.isArray(children) ? children.join("") : children);

/** Open stroke-only path. */
const stroke = (d: string, color: string, width: number, a: Attrs = {}) =>
  shape(d, "none", { stroke: color, "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round", ...a });

/** Dashed stitching line. */
const stitch = (d: string, color: string, width = 2, dash = "6 5") => stroke(d, color, width, { "stroke-dasharray": dash });

/** Draws `content` twice: as is and mirrored about the vertical line x = cx. */
const mirrored = (content: string, cx: number) =>
  content + group(content, { transform: `translate(${n(2 * cx)} 0) scale(-1 1)` });

/* -------------------------------------------------------------------------- */
/* Geometry helpers                                                           */
/* -------------------------------------------------------------------------- */

function starPoints(cx: number, cy: number, outer: number, inner: number, points = 5): Pt[] {
  const pts: Pt[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / points;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return pts;
}

const star = (cx: number, cy: number, r: number, fill: string, a: Attrs = {}) =>
  poly(starPoints(cx, cy, r, r * 0.4), fill, a);

/** Smooth closed curve through points (Catmull-Rom converted to cubic Béziers). */
function smoothClosed(pts: Pt[]): string {
  const len = pts.length;
  let d = `M${n(pts[0]![0])} ${n(pts[0]![1])}`;
  for (let i = 0; i < len; i++) {
    const p0 = pts[(i - 1 + len) % len]!;
    const p1 = pts[i]!;
    const p2 = pts[(i + 1) % len]!;
    const p3 = pts[(i + 2) % len]!;
    d +=
      ` C${n(p1[0] + (p2[0] - p0[0]) / 6)} ${n(p1[1] + (p2[1] - p0[1]) / 6)}` +
      ` ${n(p2[0] - (p3[0] - p1[0]) / 6)} ${n(p2[1] - (p3[1] - p1[1]) / 6)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return `${d} Z`;
}

/** Smooth open curve through points (no leading M). */
function smoothOpen(pts: Pt[]): string {
  let d = "";
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[Math.max(0, i - 1)]!;
    const p1 = pts[i]!;
    const p2 = pts[i + 1]!;
    const p3 = pts[Math.min(pts.length - 1, i + 2)]!;
    d +=
      ` C${n(p1[0] + (p2[0] - p0[0]) / 6)} ${n(p1[1] + (p2[1] - p0[1]) / 6)}` +
      ` ${n(p2[0] - (p3[0] - p1[0]) / 6)} ${n(p2[1] - (p3[1] - p1[1]) / 6)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}

/** Organic blob radii, reusable at several scales (e.g. contour lines). */
function blobRadii(rand: () => number, lumps: number, jitter: number): number[] {
  return Array.from({ length: lumps }, () => 1 + between(rand, -jitter, jitter));
}

function blobPath(cx: number, cy: number, rx: number, ry: number, radii: number[], rotation = 0): string {
  const pts: Pt[] = radii.map((k, i) => {
    const a = rotation + (i / radii.length) * Math.PI * 2;
    return [cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k];
  });
  return smoothClosed(pts);
}

/** Rolling ridge line filled down to `bottom`. */
function ridgePath(rand: () => number, width: number, baseY: number, amp: number, bottom: number, step = 40): string {
  const f = [between(rand, 0.002, 0.004), between(rand, 0.006, 0.01), between(rand, 0.015, 0.025)];
  const p = f.map(() => between(rand, 0, Math.PI * 2));
  const pts: Pt[] = [];
  for (let x = -step; x <= width + step; x += step) {
    const y =
      baseY -
      amp * (0.55 * Math.sin(x * f[0]! + p[0]!) + 0.3 * Math.sin(x * f[1]! + p[1]!) + 0.15 * Math.sin(x * f[2]! + p[2]!));
    pts.push([x, y]);
  }
  return `M${n(pts[0]![0])} ${n(pts[0]![1])}${smoothOpen(pts)} L${width + step} ${bottom} L${-step} ${bottom} Z`;
}

/** Jagged mountain range: alternating peaks and saddles, filled to `bottom`. */
function mountainPath(rand: () => number, width: number, baseY: number, height: number, peaks: number, bottom: number): string {
  const pts: Pt[] = [[-20, baseY]];
  const span = (width + 40) / peaks;
  for (let i = 0; i < peaks; i++) {
    const x0 = -20 + i * span;
    const peakX = x0 + span * between(rand, 0.35, 0.65);
    const peakY = baseY - height * between(rand, 0.55, 1);
    const shoulderY = peakY + between(rand, 15, 40);
    pts.push([x0 + span * 0.2, baseY - height * between(rand, 0.1, 0.35)]);
    pts.push([peakX - span * 0.12, shoulderY]);
    pts.push([peakX, peakY]);
    pts.push([peakX + span * 0.15, shoulderY + between(rand, 5, 25)]);
  }
  pts.push([width + 20, baseY - height * 0.2]);
  return `M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join(" L")} L${width + 20} ${bottom} L-20 ${bottom} Z`;
}

/** A star field in the band [y0, y1]. */
function starField(rand: () => number, count: number, width: number, y0: number, y1: number, maxOpacity: number): string {
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    const y = between(rand, y0, y1);
    const fade = 1 - (y - y0) / (y1 - y0); // dimmer towards the horizon
    const opacity = Math.max(0.05, maxOpacity * fade * between(rand, 0.35, 1));
    dots.push(circle(between(rand, 0, width), y, between(rand, 0.6, 1.8), C.white, { opacity: opacity.toFixed(2) }));
  }
  return group(dots);
}

/** Pine tree silhouette standing at (x, baseY). */
function pine(x: number, baseY: number, h: number, fill: string): string {
  const w = h * 0.42;
  const tiers: string[] = [];
  for (let i = 0; i < 3; i++) {
    const top = baseY - h + i * h * 0.22;
    const bottom = baseY - h * 0.12 - (2 - i) * h * 0.12;
    const half = w * (0.55 + i * 0.22);
    tiers.push(`M${n(x)} ${n(top)} L${n(x + half)} ${n(bottom)} L${n(x - half)} ${n(bottom)} Z`);
  }
  return group([rect(x - h * 0.025, baseY - h * 0.15, h * 0.05, h * 0.15, fill), shape(tiers.join(" "), fill)]);
}

function treeLine(rand: () => number, width: number, baseY: number, minH: number, maxH: number, fill: string, gap = 26): string {
  const trees: string[] = [];
  for (let x = -20; x < width + 20; x += between(rand, gap * 0.6, gap * 1.4)) {
    trees.push(pine(x, baseY + between(rand, -6, 6), between(rand, minH, maxH), fill));
  }
  return group(trees);
}

/** Small "emblem": ring, star and two rank chevrons. */
function emblem(cx: number, cy: number, r: number, color: string = C.gold, accent: string = C.sand): string {
  const chevron = (y: number) =>
    shape(`M${n(cx - r * 0.85)} ${n(y + r * 0.45)} L${n(cx)} ${n(y)} L${n(cx + r * 0.85)} ${n(y + r * 0.45)}`, "none", {
      stroke: accent,
      "stroke-width": r * 0.2,
      "stroke-linejoin": "miter",
    });
  return group([
    circle(cx, cy, r, "none", { stroke: color, "stroke-width": r * 0.1 }),
    star(cx, cy + r * 0.04, r * 0.62, color),
    chevron(cy + r * 1.35),
    chevron(cy + r * 1.75),
  ]);
}

/* -------------------------------------------------------------------------- */
/* Products (800 x 800)                                                       */
/* -------------------------------------------------------------------------- */

/** Soft studio backdrop + drop shadow around a centred product drawing. */
function productStage(s: Svg, product: string, floor?: { cx: number; cy: number; rx: number }): string {
  const bg = s.radial([[0, "#fbf8f2"], [0.6, "#f1ebde"], [1, "#e4dac4"]], [0.5, 0.42, 0.75]);
  const parts = [rect(0, 0, 800, 800, bg)];
  if (floor) {
    parts.push(ellipse(floor.cx, floor.cy, floor.rx, floor.rx * 0.11, C.navy, { opacity: 0.22, filter: s.blur(10) }));
  }
  parts.push(group(product, { filter: s.dropShadow(14, 16, C.navy, 0.22) }));
  return parts.join("");
}

function tshirt(s: Svg): string {
  const fabric = s.linear([[0, "#26395a"], [0.5, C.navy], [1, "#121e33"]], [0, 0, 1, 1]);
  const outline =
    "M330 165 Q400 232 470 165 L560 192 L672 292 L618 352 L566 310 L566 628 Q400 645 234 628 L234 310 L182 352 L128 292 L240 192 Z";
  const stitchColor = "#3b527a";
  return group([
    shape(outline, fabric, { stroke: fabric, "stroke-width": 14, "stroke-linejoin": "round" }),
    shape("M330 165 Q400 186 470 165 Q400 232 330 165 Z", "#0b1424"),
    stroke("M330 165 Q400 232 470 165", "#2c4062", 14),
    stitch("M318 176 Q400 252 482 176", stitchColor),
    mirrored(
      [
        stitch("M606 340 L659 281", stitchColor),
        stroke("M562 318 Q538 380 548 452", C.navyDeep, 8, { opacity: 0.35 }),
        stroke("M540 196 Q520 232 528 262", C.navyDeep, 5, { opacity: 0.25 }),
      ].join(""),
      400,
    ),
    stitch("M240 610 Q400 626 560 610", stitchColor),
    emblem(400, 300, 50),
  ]);
}

function baseballCap(s: Svg): string {
  const crown = s.radial([[0, C.oliveLight], [0.55, C.olive], [1, C.oliveDark]], [0.35, 0.25, 0.85]);
  const brimTop = s.linear([[0, "#66743a"], [1, "#4f5a24"]], [0, 0, 1, 1]);
  const seam = C.oliveDark;
  const light = "#8d9b57";
  const stripes = [0, 1, 2, 3, 4, 5, 6].map((i) => rect(0, i * 9.3, 120, 4.6, "#3f4619")).join("");
  const patch = group(
    [
      rect(-6, -5, 132, 74, "#4b5320", { rx: 6 }),
      rect(0, 0, 120, 64, "#566128"),
      stripes,
      rect(0, 0, 52, 36, "#3a4019"),
      ...[0, 1, 2].flatMap((r) => [0, 1, 2, 3].map((c) => circle(8 + c * 12, 7 + r * 11, 2.2, light))),
      rect(-6, -5, 132, 74, "none", { rx: 6, stroke: light, "stroke-width": 1.6, "stroke-dasharray": "4 3" }),
    ],
    { transform: "translate(418 338) rotate(6) skewX(-4) scale(0.95 1)" },
  );
  return group(
    [
      // strap opening at the back
      shape("M226 440 Q240 420 262 428 L258 470 L228 468 Z", C.oliveDeep),
      shape("M222 468 C214 330 290 250 372 248 C470 246 548 320 552 452 Q470 490 380 490 Q290 488 222 468 Z", crown),
      stroke("M372 252 C330 300 300 390 300 482", seam, 3),
      stroke("M372 252 C420 290 450 380 452 488", seam, 3),
      stroke("M372 252 C452 276 520 350 540 458", seam, 3),
      stitch("M365 260 C326 306 296 392 294 480", light, 1.5, "5 5"),
      stitch("M380 258 C428 298 458 384 460 486", light, 1.5, "5 5"),
      circle(330, 316, 6.5, C.oliveDeep, { stroke: light, "stroke-width": 2 }),
      circle(478, 318, 6.5, C.oliveDeep, { stroke: light, "stroke-width": 2 }),
      ellipse(372, 250, 17, 8, "#5a6830", { stroke: C.oliveDark, "stroke-width": 2 }),
      patch,
      // brim: underside lip, then top surface
      shape("M400 486 Q500 486 552 452 Q646 440 702 480 Q714 516 664 536 Q560 560 452 532 Q410 516 400 486 Z", "#3a4019"),
      shape("M400 486 Q500 486 552 452 Q640 436 694 474 Q700 504 660 522 Q560 544 452 520 Q412 506 400 486 Z", brimTop),
      ...[10, 20, 30].map((k) =>
        stitch(`M${420 + k} ${500 - k * 0.3} Q${560} ${536 - k} ${680 - k * 0.8} ${500 - k * 0.5}`, light, 1.5, "6 5"),
      ),
      stroke("M400 486 Q500 486 552 452", C.oliveDeep, 3, { opacity: 0.6 }),
    ],
    { transform: "translate(-62 -10) scale(1.08)" },
  );
}

function waterBottle(s: Svg): string {
  const steel = s.linear([[0, "#5d6874"], [0.3, "#dfe4e8"], [0.55, "#a3aeb9"], [1, "#56616d"]], [0, 0, 1, 0]);
  const coat = s.linear([[0, C.navyDeep], [0.28, "#34496b"], [0.55, C.navy], [1, "#0b1423"]], [0, 0, 1, 0]);
  const capFill = s.linear([[0, "#0b1423"], [0.35, "#2a3d5c"], [1, "#0b1423"]], [0, 0, 1, 0]);
  return group([
    stroke("M374 186 Q374 128 400 128 Q426 128 426 186", "#0b1423", 14),
    rect(348, 172, 104, 64, capFill, { rx: 12 }),
    ...[0, 1, 2, 3, 4, 5, 6].map((i) => rect(362 + i * 12, 182, 4, 44, "#0b1423", { opacity: 0.5, rx: 2 })),
    shape("M358 234 L442 234 L442 250 C442 276 490 282 490 322 L310 322 C310 282 358 276 358 250 Z", steel),
    shape("M310 318 L490 318 L490 625 Q490 656 458 656 L342 656 Q310 656 310 625 Z", coat),
    shape("M310 614 L490 614 L490 625 Q490 656 458 656 L342 656 Q310 656 310 625 Z", steel),
    rect(334, 334, 14, 266, C.white, { rx: 7, opacity: 0.16 }),
    star(400, 418, 28, C.gold),
    rect(360, 462, 80, 6, C.sand, { rx: 3, opacity: 0.8 }),
    rect(376, 476, 48, 4, C.sand, { rx: 2, opacity: 0.6 }),
  ]);
}

function fitnessJournal(s: Svg): string {
  const cover = s.linear([[0, "#d6c79e"], [1, "#b5a26f"]], [0, 0, 1, 1]);
  const band = s.linear([[0, C.oliveDeep], [0.5, C.olive], [1, C.oliveDeep]], [0, 0, 1, 0]);
  const coverShape = rect(255, 160, 290, 480, "#000", { rx: 16 });
  const deboss = "#a18d58";
  return group(
    [
      shape("M436 638 L436 712 L448 700 L460 712 L460 638 Z", C.gold),
      rect(266, 170, 290, 478, "#eee6d3", { rx: 14, stroke: "#d3c6a6", "stroke-width": 2 }),
      rect(261, 165, 290, 478, C.paper, { rx: 15, stroke: "#d9cdb0", "stroke-width": 2 }),
      rect(255, 160, 290, 480, cover, { rx: 16 }),
      group(rect(255, 160, 44, 480, "#a8955f", { opacity: 0.55 }), { "clip-path": s.clip(coverShape) }),
      stitch("M300 172 L300 628", "#8f7d4c", 2, "7 6"),
      rect(270, 176, 260, 448, "none", { rx: 10, stroke: deboss, "stroke-width": 1.5, opacity: 0.5 }),
      circle(410, 320, 56, "none", { stroke: deboss, "stroke-width": 4 }),
      star(410, 322, 32, deboss),
      rect(358, 414, 104, 8, deboss, { rx: 4 }),
      rect(376, 432, 68, 6, deboss, { rx: 3 }),
      rect(500, 150, 18, 500, band, { rx: 4 }),
    ],
    { transform: "rotate(-4 400 400)" },
  );
}

function hoodie(s: Svg): string {
  const body = s.linear([[0, "#3a3f45"], [1, "#2a2e32"]]);
  const sleeve = s.linear([[0, "#353a40"], [1, "#26292d"]], [0, 0, 1, 1]);
  const rib = "#24272b";
  const seam = "#1d2023";
  const half = [
    shape("M396 188 L470 188 Q540 192 572 222 L566 330 L566 606 L396 612 Z", body),
    shape("M396 606 L566 600 L572 640 L396 646 Z", rib),
    shape("M560 224 Q602 236 614 290 L662 560 L606 572 L560 334 Z", sleeve),
    shape("M606 572 L662 560 L670 604 L610 614 Z", rib),
    stroke("M560 228 Q572 280 566 330", seam, 3, { opacity: 0.7 }),
    shape("M396 470 L498 470 L530 560 L530 604 L396 604 Z", "#2f3338"),
    stroke("M498 470 L530 560", seam, 4),
    stitch("M400 478 L492 478", "#4a5057", 1.6, "5 4"),
    shape("M396 112 Q478 112 512 172 Q528 212 498 238 Q454 266 396 268 Z", "#3b4047"),
    shape("M396 168 Q440 168 456 198 Q456 226 428 240 L396 248 Z", "#25282c"),
    stroke("M396 132 Q466 132 494 180", "#4a5057", 3, { opacity: 0.6 }),
    stroke("M396 268 L436 244", seam, 3),
    stroke("M420 246 L428 360", C.sandLight, 5),
    rect(423, 356, 10, 22, C.sand, { rx: 3 }),
  ].join("");
  return group([mirrored(half, 400), star(480, 310, 16, C.gold)]);
}

function backpack(s: Svg): string {
  const body = s.linear([[0, "#75843f"], [1, "#5b682f"]], [0, 0, 1, 1]);
  const pocket = s.linear([[0, "#66743a"], [1, "#535f29"]]);
  const web = C.oliveDark;
  const tack = "#3a4019";
  const molle: string[] = [];
  for (let row = 0; row < 6; row++) {
    const y = 396 + row * 38;
    molle.push(rect(300, y, 200, 14, web));
    for (let k = 0; k <= 5; k++) molle.push(rect(298 + k * 40, y - 1, 5, 16, tack));
  }
  const sideStrap = (y: number) =>
    mirrored(group([rect(256, y, 48, 16, tack), rect(264, y - 6, 22, 28, "#1d1f1b", { rx: 4 })]), 400);
  return group([
    mirrored(rect(232, 232, 34, 380, C.oliveDark, { rx: 12 }), 400),
    stroke("M368 192 Q368 146 400 146 Q432 146 432 192", tack, 14),
    shape("M270 240 Q270 190 330 185 L470 185 Q530 190 530 240 L540 630 Q540 660 510 660 L290 660 Q260 660 260 630 Z", body),
    shape("M261 606 L539 606 L540 630 Q540 660 510 660 L290 660 Q260 660 260 630 Z", C.oliveDark),
    stroke("M282 282 Q400 246 518 282", tack, 5),
    rect(452, 262, 10, 30, "#1d1f1b", { rx: 3, transform: "rotate(-12 457 277)" }),
    rect(300, 318, 200, 310, pocket, { rx: 24 }),
    rect(308, 326, 184, 294, "none", { rx: 18, stroke: "#8d9b57", "stroke-width": 1.6, "stroke-dasharray": "6 5" }),
    rect(360, 336, 80, 44, "#3f4619", { rx: 6 }),
    star(400, 358, 13, C.gold),
    ...molle,
    sideStrap(300),
    sideStrap(520),
  ]);
}

function glove(cx: number, cy: number, angle: number, flip: boolean): string {
  const black = "#1f2124";
  const panel = "#2b2e33";
  const pad = C.olive;
  const fingers: [number, number, number][] = [
    [-57, -322, 36],
    [-19, -345, 36],
    [19, -333, 36],
    [56, -292, 32],
  ];
  const parts = [
    // thumb
    group(
      [
        rect(-92, -226, 40, 130, black, { rx: 20 }),
        rect(-88, -212, 32, 36, pad, { rx: 12 }),
      ],
      { transform: "rotate(-34 -72 -112)" },
    ),
    ...fingers.map(([x, top, w]) => rect(x - w / 2, top, w, -180 - top, black, { rx: w / 2 })),
    ...fingers.map(([x, top, w]) => rect(x - w / 2 + 4, top + 36, w - 8, 34, pad, { rx: 10 })),
    ...fingers.map(([x, top]) => stroke(`M${x} ${top + 14} L${x} ${top + 26}`, "#3a3e44", 3)),
    shape("M-78 -62 L-80 -190 Q-80 -214 -55 -214 L55 -214 Q80 -214 80 -190 L76 -62 Z", black),
    rect(-80, -234, 158, 42, pad, { rx: 18 }),
    ...[-38, 0, 38].map((x) => stroke(`M${x} -230 L${x} -196`, C.oliveDark, 3)),
    shape("M-62 -176 Q0 -160 62 -176 L58 -96 Q0 -84 -58 -96 Z", panel),
    stroke("M-50 -150 Q0 -138 50 -150", "#3a3e44", 2),
    stroke("M-50 -124 Q0 -112 50 -124", "#3a3e44", 2),
    rect(-76, -66, 152, 66, "#26292d", { rx: 12 }),
    rect(-80, -56, 126, 40, pad, { rx: 10 }),
    stitch("M-72 -50 L40 -50", "#8d9b57", 1.5, "5 4"),
    stitch("M-72 -22 L40 -22", "#8d9b57", 1.5, "5 4"),
    rect(38, -54, 38, 36, C.oliveDark, { rx: 8 }),
    rect(50, -42, 16, 12, C.gold, { rx: 3 }),
  ];
  return group(parts, { transform: `translate(${cx} ${cy}) rotate(${angle}) scale(${flip ? -1 : 1} 1)` });
}

function trainingGloves(): string {
  return group([glove(300, 655, -10, false), glove(500, 655, 10, true)]);
}

/** Patrol cap in side profile (front to the right): boxy crown, flat top, short brim. */
function patrolCap(s: Svg): string {
  const rand = rng(4242);
  const crownShape = "M256 312 Q252 292 272 290 Q400 272 530 262 Q552 262 552 282 L556 488 Q400 500 250 488 Z";
  const topShape = "M272 290 Q400 272 530 262 Q552 262 552 282 Q420 290 272 302 Q254 302 272 290 Z";
  const brimShape = "M524 476 Q584 484 622 496 Q672 512 698 534 Q700 550 674 552 Q612 544 566 530 Q534 518 524 496 Z";
  const camoColors = [C.oliveDark, C.sand, "#3b3a24", "#8a7a52", C.olive];
  const blobs: string[] = [];
  for (let i = 0; i < 150; i++) {
    const r = between(rand, 10, 24);
    blobs.push(
      shape(
        blobPath(between(rand, 230, 720), between(rand, 240, 570), r * 1.5, r, blobRadii(rand, 7, 0.35), between(rand, 0, 3)),
        camoColors[i % camoColors.length]!,
      ),
    );
  }
  const camo = (clipD: string) =>
    group([rect(220, 230, 520, 360, "#7b8248"), ...blobs], { "clip-path": s.clip(shape(clipD, "#000")) });
  const shade = s.linear([[0, "#000", 0.28], [0.3, "#000", 0.05], [0.85, "#000", 0], [1, "#000", 0.2]], [0, 0, 1, 0]);
  const seam = "#2e2f1c";
  return group(
    [
      camo(brimShape),
      shape(brimShape, "#000", { opacity: 0.28 }),
      stitch("M560 510 Q604 516 634 524 Q666 534 684 542", C.sandLight, 1.4, "5 4"),
      camo(crownShape),
      shape(crownShape, shade),
      shape(topShape, C.white, { opacity: 0.14 }),
      stroke("M272 302 Q420 290 552 282", seam, 2.5, { opacity: 0.6 }),
      stroke("M346 292 Q342 390 344 494", seam, 2.5, { opacity: 0.55 }),
      stroke("M462 276 Q466 380 468 496", seam, 2.5, { opacity: 0.55 }),
      stitch("M254 466 Q400 478 554 466", C.sandLight, 1.6, "5 4"),
      stitch("M262 308 Q420 296 546 288", C.sandLight, 1.4, "5 4"),
    ],
    { transform: "translate(400 400) scale(1.2) translate(-465 -400)" },
  );
}

/* -------------------------------------------------------------------------- */
/* Training programme scenes (1200 x 800)                                     */
/* -------------------------------------------------------------------------- */

function rangeTarget(cx: number, baseY: number, sc: number): string {
  const cy = baseY - 130 * sc;
  return group([
    rect(cx - 40 * sc, baseY - 175 * sc, 8 * sc, 175 * sc, "#6e5f3e"),
    rect(cx + 32 * sc, baseY - 175 * sc, 8 * sc, 175 * sc, "#6e5f3e"),
    rect(cx - 52 * sc, baseY - 195 * sc, 104 * sc, 126 * sc, "#f4efe2"),
    circle(cx, cy, 44 * sc, C.navy),
    circle(cx, cy, 34 * sc, "#f4efe2"),
    circle(cx, cy, 24 * sc, C.navy),
    circle(cx, cy, 14 * sc, "#f4efe2"),
    circle(cx, cy, 8 * sc, C.gold),
  ]);
}

function earmuffs(x: number, y: number): string {
  return group([
    stroke(`M${x - 52} ${y - 10} Q${x} ${y - 96} ${x + 52} ${y - 10}`, "#26292d", 14),
    ellipse(x - 52, y, 26, 36, C.oliveDark),
    ellipse(x + 52, y, 26, 36, C.oliveDark),
    ellipse(x - 48, y, 18, 28, C.olive),
    ellipse(x + 56, y, 18, 28, C.olive),
  ]);
}

function ammoCan(x: number, y: number): string {
  return group([
    rect(x, y, 150, 90, C.oliveDark, { rx: 6 }),
    rect(x - 4, y - 14, 158, 22, C.oliveDeep, { rx: 5 }),
    stroke(`M${x + 50} ${y - 14} Q${x + 75} ${y - 34} ${x + 100} ${y - 14}`, "#26292d", 7),
    rect(x + 132, y - 6, 14, 34, "#2f3319", { rx: 3 }),
    rect(x + 22, y + 34, 70, 8, C.gold, { rx: 2, opacity: 0.8 }),
    rect(x + 22, y + 50, 46, 6, C.gold, { rx: 2, opacity: 0.6 }),
  ]);
}

function firearmsScene(s: Svg): string {
  const rand = rng(101);
  const sky = s.linear([[0, C.navy], [0.45, "#55657a"], [0.8, "#d8ccb0"], [1, C.sandLight]]);
  const ground = s.linear([[0, C.olive], [1, C.oliveDeep]]);
  const benchTop = s.linear([[0, "#2a3d5c"], [1, C.navy]]);
  const vp: Pt = [600, 360];
  const lanes: string[] = [];
  for (let xb = -900; xb <= 2100; xb += 300) {
    lanes.push(stroke(`M${vp[0]} ${vp[1]} L${xb} 800`, C.sandLight, 3, { opacity: 0.25 }));
  }
  return group([
    rect(0, 0, 1200, 800, sky),
    circle(860, 400, 130, C.gold, { opacity: 0.25, filter: s.blur(40) }),
    circle(860, 410, 46, "#f1dc9a", { opacity: 0.9 }),
    shape(ridgePath(rand, 1200, 410, 40, 800), "#5c6a3c", { opacity: 0.65 }),
    shape("M0 430 Q600 372 1200 430 L1200 800 L0 800 Z", "#b3a170"),
    rect(0, 448, 1200, 352, ground),
    group(lanes, { "clip-path": s.clip(rect(0, 452, 1200, 348, "#000")) }),
    ...[240, 420, 600, 780, 960].map((x) => rangeTarget(x, 478, 0.72)),
    // shooting bench
    shape("M150 628 L1050 628 L1110 712 L90 712 Z", benchTop),
    rect(90, 712, 1020, 26, C.navyDeep),
    rect(150, 738, 36, 62, C.navyDeep),
    rect(1014, 738, 36, 62, C.navyDeep),
    earmuffs(300, 650),
    ammoCan(820, 592),
    // sandbag rest
    rect(490, 640, 190, 58, C.sand, { rx: 26 }),
    stroke("M500 660 Q585 650 670 660", C.sandDark, 3),
    stroke("M492 668 L472 660 M492 668 L474 678", C.sandDark, 4),
    stroke("M678 668 L698 660 M678 668 L696 678", C.sandDark, 4),
    // safety glasses
    group(
      [
        stroke("M-62 -4 L-96 -16 M62 -4 L96 -16", "#26292d", 5),
        shape("M-62 -10 Q-62 -18 -50 -18 L-12 -18 Q-4 -18 -6 -8 L-12 12 Q-16 20 -28 20 L-44 20 Q-58 20 -60 8 Z", C.gold, {
          opacity: 0.7,
          stroke: "#26292d",
          "stroke-width": 4,
        }),
        shape("M62 -10 Q62 -18 50 -18 L12 -18 Q4 -18 6 -8 L12 12 Q16 20 28 20 L44 20 Q58 20 60 8 Z", C.gold, {
          opacity: 0.7,
          stroke: "#26292d",
          "stroke-width": 4,
        }),
        stroke("M-6 -10 Q0 -16 6 -10", "#26292d", 4),
      ],
      { transform: "translate(330 700) rotate(-6)" },
    ),
  ]);
}

function kettlebell(s: Svg, x: number, y: number, r: number): string {
  const metal = s.radial([[0, "#54595f"], [0.6, "#2c2f33"], [1, "#17191b"]], [0.35, 0.3, 0.8]);
  return group([
    ellipse(x, y + r * 0.95, r * 1.1, r * 0.18, "#000", { opacity: 0.3, filter: s.blur(6) }),
    stroke(`M${x - r * 0.62} ${y - r * 0.6} Q${x - r * 0.75} ${y - r * 1.9} ${x} ${y - r * 1.9} Q${x + r * 0.75} ${y - r * 1.9} ${x + r * 0.62} ${y - r * 0.6}`, "#26292d", r * 0.3),
    circle(x, y, r, metal),
    rect(x - r * 0.55, y + r * 0.78, r * 1.1, r * 0.2, "#17191b", { rx: r * 0.08 }),
    circle(x, y + r * 0.05, r * 0.32, "none", { stroke: C.gold, "stroke-width": r * 0.07 }),
    star(x, y + r * 0.07, r * 0.18, C.gold),
  ]);
}

function fitnessScene(s: Svg): string {
  const rand = rng(202);
  const sky = s.linear([[0, C.navy], [0.4, "#4e5f78"], [0.75, "#d9c9a0"], [1, "#efe3c4"]]);
  const infield = s.linear([[0, C.olive], [1, "#55622c"]]);
  const laneLines: string[] = [];
  for (let i = 0; i <= 5; i++) {
    laneLines.push(ellipse(600, 620, 700 + i * 40, 160 + i * 16, "none", { stroke: C.white, "stroke-width": 2.5, opacity: 0.6 }));
  }
  return group([
    rect(0, 0, 1200, 800, sky),
    circle(900, 330, 170, C.gold, { opacity: 0.3, filter: s.blur(50) }),
    circle(900, 330, 58, "#f3dc98"),
    shape(ridgePath(rand, 1200, 360, 30, 800), "#6a7550", { opacity: 0.7 }),
    treeLine(rand, 1200, 392, 40, 80, C.oliveDeep, 30),
    rect(0, 388, 1200, 412, C.oliveDark),
    ellipse(600, 620, 910, 250, "#24385a"),
    ellipse(600, 620, 700, 160, infield),
    ...laneLines,
    // finish line across the near straight
    rect(560, 780, 80, 20, C.white, { opacity: 0.7 }),
    kettlebell(s, 390, 650, 62),
    kettlebell(s, 500, 676, 40),
    group(
      [
        ellipse(400, 660, 190, 20, "#000", { opacity: 0.35, filter: s.blur(10) }),
        backpack(s),
      ],
      { transform: "translate(560 330) scale(0.44)" },
    ),
    group(waterBottle(s), { transform: "translate(818 470) scale(0.27)" }),
  ]);
}

function topoMap(s: Svg, rand: () => number): string {
  const hills: [number, number, number, number][] = [
    [330, 300, 170, 120],
    [620, 470, 150, 110],
    [700, 230, 110, 80],
  ];
  const contours: string[] = [];
  hills.forEach(([cx, cy, rx, ry], h) => {
    const radii = blobRadii(rand, 9, 0.22);
    for (let k = 1; k <= 7; k++) {
      const t = k / 7;
      contours.push(
        stroke(blobPath(cx + (1 - t) * 14, cy - (1 - t) * 10, rx * t, ry * t, radii, h), C.olive, k % 3 === 0 ? 2.6 : 1.5, {
          opacity: 0.55,
        }),
      );
    }
  });
  const grid: string[] = [];
  for (let x = 200; x < 820; x += 80) grid.push(stroke(`M${x} 140 L${x} 660`, C.sandDark, 1, { opacity: 0.35 }));
  for (let y = 160; y < 660; y += 80) grid.push(stroke(`M180 ${y} L820 ${y}`, C.sandDark, 1, { opacity: 0.35 }));
  const mapRect = rect(180, 140, 640, 520, "#000");
  return group(
    [
      rect(180, 140, 640, 520, "#efe6cf"),
      group(
        [
          ...grid,
          ...contours,
          stroke("M180 560 C300 520 380 600 470 560 S640 420 820 430", "#5f7d99", 12, { opacity: 0.55 }),
          stitch("M260 600 L350 470 L520 430 L620 300 L740 250", C.gold, 4, "12 9"),
          ...(
            [
              [260, 600],
              [350, 470],
              [520, 430],
              [620, 300],
            ] as Pt[]
          ).map(([x, y]) => circle(x, y, 8, "none", { stroke: C.gold, "stroke-width": 3.5 })),
          shape("M728 238 L752 262 M752 238 L728 262", "none", { stroke: C.navy, "stroke-width": 5, "stroke-linecap": "round" }),
          rect(500, 140, 2, 520, "#000", { opacity: 0.06 }),
          rect(180, 400, 640, 2, "#000", { opacity: 0.06 }),
        ],
        { "clip-path": s.clip(mapRect) },
      ),
    ],
    { transform: "rotate(-4 500 400)" },
  );
}

function compass(cx: number, cy: number, r: number): string {
  const ticks: string[] = [];
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * Math.PI * 2;
    const inner = r * (i % 9 === 0 ? 0.66 : 0.74);
    ticks.push(
      `M${n(cx + Math.cos(a) * inner)} ${n(cy + Math.sin(a) * inner)} L${n(cx + Math.cos(a) * r * 0.82)} ${n(cy + Math.sin(a) * r * 0.82)}`,
    );
  }
  return group(
    [
      circle(cx + 6, cy + 8, r, "#000", { opacity: 0.3 }),
      circle(cx, cy - r - 10, 14, "none", { stroke: C.oliveDark, "stroke-width": 6 }),
      circle(cx, cy, r, C.oliveDark),
      circle(cx, cy, r * 0.88, "#f4efe2"),
      stroke(ticks.join(" "), C.navy, 2),
      poly(
        [
          [cx, cy - r * 0.6],
          [cx + r * 0.1, cy],
          [cx - r * 0.1, cy],
        ],
        C.gold,
      ),
      poly(
        [
          [cx, cy + r * 0.6],
          [cx + r * 0.1, cy],
          [cx - r * 0.1, cy],
        ],
        C.navy,
      ),
      circle(cx, cy, r * 0.06, C.ink),
    ],
    { transform: `rotate(24 ${cx} ${cy})` },
  );
}

function handheldRadio(x: number, y: number, angle: number): string {
  const keys: string[] = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) keys.push(rect(-42 + c * 30, 96 + r * 24, 24, 16, "#3a3e44", { rx: 4 }));
  const grille = [0, 1, 2, 3, 4].map((i) => rect(-44, 14 + i * 12, 88, 5, "#17191b", { rx: 2.5 })).join("");
  return group(
    [
      rect(-56, -70, 130, 260, "#000", { rx: 18, opacity: 0.3, transform: "translate(10 10)" }),
      rect(-48, -230, 18, 170, "#17191b", { rx: 9 }),
      rect(8, -96, 26, 30, "#26292d", { rx: 4 }),
      rect(-22, -88, 20, 22, "#26292d", { rx: 4 }),
      rect(-65, -75, 130, 260, "#2a2d31", { rx: 18 }),
      rect(-73, -20, 10, 56, C.olive, { rx: 3 }),
      rect(-46, -52, 92, 46, "#9aa66a", { rx: 4 }),
      rect(-38, -42, 44, 6, "#5e6a36", { rx: 2 }),
      rect(-38, -28, 64, 6, "#5e6a36", { rx: 2 }),
      grille,
      ...keys,
      circle(28, -81, 3, C.gold),
    ],
    { transform: `translate(${x} ${y}) rotate(${angle})` },
  );
}

function tacticalScene(s: Svg): string {
  const rand = rng(303);
  const table = s.radial([[0, "#2a3d5c"], [0.7, C.navy], [1, C.navyDeep]], [0.45, 0.45, 0.75]);
  const planks = [1, 2, 3, 4, 5].map((i) => rect(0, i * 150 - 40, 1200, 3, C.navyDeep, { opacity: 0.5 })).join("");
  return group([
    rect(0, 0, 1200, 800, table),
    planks,
    group(topoMap(s, rand), { filter: s.dropShadow(10, 10, "#000", 0.35) }),
    // pencil
    group(
      [
        rect(0, 0, 250, 16, C.gold),
        rect(0, 5, 250, 6, "#b08c1d"),
        rect(-26, 0, 26, 16, C.sand),
        poly(
          [
            [250, 0],
            [286, 8],
            [250, 16],
          ],
          "#e2cfa3",
        ),
        poly(
          [
            [274, 5.3],
            [286, 8],
            [274, 10.7],
          ],
          C.ink,
        ),
      ],
      { transform: "translate(300 640) rotate(-18)" },
    ),
    compass(720, 560, 72),
    handheldRadio(990, 380, 10),
    // coffee mug, seen from above
    group([
      circle(1070, 690, 56, "#000", { opacity: 0.3, transform: "translate(6 8)" }),
      rect(1114, 676, 40, 28, C.oliveDark, { rx: 12 }),
      circle(1070, 690, 56, C.oliveDark),
      circle(1070, 690, 45, "#3b2a1e"),
      ellipse(1054, 676, 14, 8, C.white, { opacity: 0.15 }),
    ]),
  ]);
}

function martialArtsScene(s: Svg): string {
  const wall = s.linear([[0, "#ddd1b2"], [1, "#cbbd96"]]);
  const horizonY = 300;
  const focal = 500;
  const project = (X: number, z: number): Pt => [600 + (focal * X) / z, horizonY + focal / z];
  const mats: string[] = [];
  const zs = [0.7, 1, 1.5, 2, 2.5, 3, 3.5, 3.85];
  for (let zi = 0; zi < zs.length - 1; zi++) {
    for (let xi = -8; xi < 8; xi++) {
      const X0 = xi * 0.5;
      const X1 = X0 + 0.5;
      const edge = xi < -3 || xi >= 3;
      const fill = edge ? (((xi + zi) & 1) === 0 ? C.oliveDark : "#545d26") : ((xi + zi) & 1) === 0 ? C.navy : "#22334f";
      mats.push(
        poly([project(X0, zs[zi]!), project(X1, zs[zi]!), project(X1, zs[zi + 1]!), project(X0, zs[zi + 1]!)], fill, {
          stroke: C.navyDeep,
          "stroke-width": 1.5,
        }),
      );
    }
  }
  const shoji = (x: number) => {
    const panes: string[] = [rect(x, 90, 220, 250, "#8a7a52"), rect(x + 10, 100, 200, 230, "#fbf6e8")];
    for (let i = 1; i < 4; i++) panes.push(rect(x + 10 + i * 50 - 2, 100, 4, 230, "#8a7a52"));
    for (let i = 1; i < 5; i++) panes.push(rect(x + 10, 100 + i * 46 - 2, 200, 4, "#8a7a52"));
    return group(panes);
  };
  const belt = "#141517";
  const tail = (angle: number) =>
    group([rect(-15, 0, 30, 104, belt), rect(-15, 76, 30, 11, C.gold)], { transform: `translate(600 664) rotate(${angle})` });
  return group([
    rect(0, 0, 1200, 432, wall),
    shoji(330),
    shoji(650),
    rect(0, 380, 1200, 52, "#8a7a52"),
    rect(0, 376, 1200, 6, "#6e6040"),
    ...mats,
    poly(
      [
        [340, 432],
        [560, 432],
        [520, 620],
        [180, 620],
      ],
      C.white,
      { opacity: 0.05 },
    ),
    poly(
      [
        [660, 432],
        [880, 432],
        [1000, 620],
        [660, 620],
      ],
      C.white,
      { opacity: 0.05 },
    ),
    // heavy bag
    group([
      stroke("M170 0 L170 156", "#5a5f66", 6),
      ellipse(176, 486, 74, 13, "#000", { opacity: 0.35, filter: s.blur(8) }),
      rect(112, 150, 116, 290, s.linear([[0, "#3f4619"], [0.4, C.olive], [1, "#3a4019"]], [0, 0, 1, 0]), { rx: 30 }),
      rect(112, 180, 116, 22, C.navy),
      rect(112, 390, 116, 22, C.navy),
    ]),
    // staff rack
    group([
      rect(1000, 150, 140, 12, "#6e6040"),
      rect(1000, 300, 140, 12, "#6e6040"),
      ...[1020, 1050, 1080, 1110].map((x) => rect(x, 80, 10, 300, "#a0825a", { rx: 5 })),
    ]),
    // tied black belt lying on the mat
    ellipse(600, 624, 150, 42, "none", { stroke: "#000", "stroke-width": 30, opacity: 0.3, filter: s.blur(6), transform: "translate(0 8)" }),
    ellipse(600, 624, 150, 42, "none", { stroke: belt, "stroke-width": 28 }),
    ellipse(600, 624, 150, 42, "none", { stroke: "#34373b", "stroke-width": 1.5, "stroke-dasharray": "6 5" }),
    tail(28),
    tail(-34),
    rect(574, 644, 52, 40, belt, { rx: 8 }),
    stroke("M580 654 L620 674", "#34373b", 2),
  ]);
}

function tent(x: number, baseY: number): string {
  return group([
    poly(
      [
        [x, baseY - 170],
        [x + 190, baseY - 150],
        [x + 250, baseY + 6],
        [x + 110, baseY],
      ],
      "#a89563",
    ),
    poly(
      [
        [x, baseY - 170],
        [x + 110, baseY],
        [x - 110, baseY],
      ],
      C.sand,
    ),
    poly(
      [
        [x, baseY - 120],
        [x + 46, baseY],
        [x - 46, baseY],
      ],
      "#e8b04a",
      { opacity: 0.85 },
    ),
    stroke(`M${x} ${baseY - 170} L${x} ${baseY}`, "#7f6e45", 3),
    stroke(`M${x - 110} ${baseY} L${x - 160} ${baseY + 16}`, C.sandLight, 1.5, { opacity: 0.5 }),
    stroke(`M${x + 190} ${baseY - 150} L${x + 290} ${baseY - 40}`, C.sandLight, 1.5, { opacity: 0.4 }),
  ]);
}

function campfire(s: Svg, x: number, y: number, sc: number, rand: () => number): string {
  const flame = (w: number, h: number, fill: string, dx = 0) =>
    shape(
      `M${n(x + dx - w * sc)} ${n(y)} Q${n(x + dx - w * sc)} ${n(y - h * 0.45 * sc)} ${n(x + dx)} ${n(y - h * sc)} ` +
        `Q${n(x + dx + w * sc)} ${n(y - h * 0.45 * sc)} ${n(x + dx + w * sc)} ${n(y)} Z`,
      fill,
    );
  const stones: string[] = [];
  for (let i = 0; i < 11; i++) {
    const a = Math.PI * (0.05 + (i / 10) * 0.9);
    stones.push(ellipse(x + Math.cos(a) * 74 * sc, y + 8 * sc + Math.sin(a) * 18 * sc, 16 * sc, 10 * sc, i % 2 ? "#5e6266" : "#4a4e52"));
  }
  const sparks = Array.from({ length: 14 }, () =>
    circle(x + between(rand, -50, 50) * sc, y - between(rand, 120, 260) * sc, between(rand, 1.2, 2.6), "#f6d27a", {
      opacity: between(rand, 0.4, 0.9),
    }),
  );
  return group([
    ellipse(x, y, 300 * sc, 90 * sc, C.gold, { opacity: 0.35, filter: s.blur(30 * sc) }),
    circle(x, y - 60 * sc, 150 * sc, "#e8a53a", { opacity: 0.25, filter: s.blur(40 * sc) }),
    rect(x - 80 * sc, y - 14 * sc, 160 * sc, 22 * sc, "#5b4a30", { rx: 10 * sc, transform: `rotate(14 ${x} ${y})` }),
    rect(x - 80 * sc, y - 14 * sc, 160 * sc, 22 * sc, "#4a3c26", { rx: 10 * sc, transform: `rotate(-14 ${x} ${y})` }),
    flame(46, 150, "#d9772b"),
    flame(34, 116, C.gold, -8),
    flame(20, 70, "#f6dc94", 4),
    ...stones,
    ...sparks,
  ]);
}

function outdoorScene(s: Svg): string {
  const rand = rng(404);
  const sky = s.linear([[0, C.navyDeep], [0.35, C.navy], [0.62, "#4a5a6e"], [0.78, "#b59a62"], [1, "#c9a227"]]);
  const meadow = s.linear([[0, C.oliveDark], [1, "#2b3012"]]);
  return group([
    rect(0, 0, 1200, 800, sky),
    starField(rand, 90, 1200, 0, 300, 0.8),
    shape("M980 90 a34 34 0 1 0 26 60 a28 28 0 1 1 -26 -60 Z", "#f1e7cc", { opacity: 0.9 }),
    shape(mountainPath(rand, 1200, 470, 260, 5, 800), "#3b4b63"),
    shape(mountainPath(rand, 1200, 520, 200, 4, 800), "#2a3a52"),
    shape(ridgePath(rand, 1200, 560, 40, 800), "#1f2b22"),
    treeLine(rand, 1200, 572, 50, 110, "#1b2414", 34),
    rect(0, 570, 1200, 230, meadow),
    tent(360, 650),
    campfire(s, 780, 680, 0.8, rand),
    rect(840, 712, 170, 30, "#3f3322", { rx: 14, transform: "rotate(-6 925 727)" }),
  ]);
}

/* -------------------------------------------------------------------------- */
/* Team avatars (400 x 400)                                                   */
/* -------------------------------------------------------------------------- */

type HairStyle = "short" | "bun" | "crop" | "ponytail" | "curly";

interface Person {
  skin: string;
  skinShade: string;
  hair: string;
  style: HairStyle;
  beard?: boolean;
  shirt: string;
  shirtShade: string;
  collar: string;
  background: [string, string];
  seed: number;
}

function hairBack(p: Person): string {
  switch (p.style) {
    case "bun":
      return group([circle(200, 78, 34, p.hair), shape("M186 106 Q200 98 214 106 L214 112 L186 112 Z", p.hair)]);
    case "ponytail":
      return group([
        shape("M250 110 Q318 128 312 230 Q306 300 282 316 Q292 250 268 186 Q256 150 236 130 Z", p.hair),
        rect(248, 114, 22, 14, C.navy, { rx: 5, transform: "rotate(28 259 121)" }),
      ]);
    case "curly": {
      const rand = rng(p.seed);
      const curls: string[] = [];
      for (let i = 0; i < 60; i++) {
        const a = between(rand, Math.PI * 0.85, Math.PI * 2.15);
        const d = between(rand, 0.55, 1);
        curls.push(circle(200 + Math.cos(a) * 105 * d, 160 + Math.sin(a) * 92 * d, between(rand, 22, 34), p.hair));
      }
      return group([ellipse(200, 158, 108, 96, p.hair), ...curls]);
    }
    default:
      return "";
  }
}

function hairFront(p: Person): string {
  switch (p.style) {
    case "short":
      return shape(
        "M126 178 C118 100 168 76 205 78 C252 80 284 108 274 178 C270 150 262 134 246 126 C214 116 176 116 150 126 C136 134 130 152 126 178 Z",
        p.hair,
      );
    case "crop":
      return shape(
        "M128 162 C126 104 168 84 202 84 C240 84 276 104 272 162 C266 136 256 124 240 120 C212 112 184 112 160 120 C144 126 132 140 128 162 Z",
        p.hair,
      );
    case "bun":
    case "ponytail":
      return shape(
        "M124 196 C114 110 160 80 204 82 C250 84 288 116 276 196 C272 160 262 138 244 130 C224 148 180 146 150 128 C136 142 128 164 124 196 Z",
        p.hair,
      );
    case "curly": {
      const rand = rng(p.seed + 1);
      const fringe: string[] = [];
      for (let i = 0; i <= 10; i++) {
        const t = i / 10;
        const x = 132 + t * 136;
        const y = 118 - Math.sin(t * Math.PI) * 30 + between(rand, -4, 4);
        fringe.push(circle(x, y, between(rand, 17, 22), p.hair));
      }
      return group(fringe);
    }
  }
}

function beard(p: Person): string {
  if (!p.beard) return "";
  return group([
    shape(
      "M126 178 Q124 272 200 284 Q276 272 274 178 Q266 226 244 232 Q222 220 200 222 Q178 220 156 232 Q134 226 126 178 Z",
      p.hair,
    ),
    shape("M172 226 Q200 210 228 226 Q200 232 172 226 Z", p.hair),
  ]);
}

function avatar(s: Svg, p: Person): string {
  const bg = s.radial([[0, p.background[0]], [1, p.background[1]]], [0.5, 0.4, 0.75]);
  const face = s.radial([[0, p.skin], [0.85, p.skin], [1, p.skinShade]], [0.45, 0.4, 0.65]);
  const collarFlap = poly(
    [
      [146, 292],
      [200, 344],
      [168, 358],
      [132, 314],
    ],
    p.collar,
    { stroke: p.shirtShade, "stroke-width": 2 },
  );
  const epaulette = stroke("M64 344 Q100 318 140 306", p.shirtShade, 14);
  return group([
    rect(0, 0, 400, 400, bg),
    circle(200, 200, 170, C.white, { opacity: 0.18 }),
    hairBack(p),
    rect(170, 226, 60, 100, p.skinShade),
    shape("M170 250 Q200 282 230 250 L230 226 L170 226 Z", "#000", { opacity: 0.12 }),
    shape("M30 400 Q40 312 146 292 L200 344 L254 292 Q360 312 370 400 Z", p.shirt),
    mirrored(collarFlap + epaulette + circle(138, 307, 5, C.sand), 200),
    circle(200, 364, 5, C.sand),
    circle(200, 392, 5, C.sand),
    star(164, 330, 8, C.gold),
    ellipse(128, 186, 14, 20, p.skinShade),
    ellipse(272, 186, 14, 20, p.skinShade),
    ellipse(200, 172, 72, 90, face),
    hairFront(p),
    beard(p),
    // face
    circle(174, 184, 6.5, "#1c1612"),
    circle(226, 184, 6.5, "#1c1612"),
    circle(176, 182, 2, C.white, { opacity: 0.8 }),
    circle(228, 182, 2, C.white, { opacity: 0.8 }),
    stroke("M160 164 Q174 156 188 162", p.style === "short" && p.hair === "#bdbcb6" ? "#8f8e88" : p.hair, 5),
    stroke("M212 162 Q226 156 240 164", p.style === "short" && p.hair === "#bdbcb6" ? "#8f8e88" : p.hair, 5),
    stroke("M200 192 Q193 210 203 214", p.skinShade, 3.5),
    circle(160, 210, 12, "#e0787a", { opacity: 0.14 }),
    circle(240, 210, 12, "#e0787a", { opacity: 0.14 }),
    stroke("M180 232 Q200 248 220 232", p.beard ? "#f3e6dc" : "#7a3b32", 4.5),
  ]);
}

const TEAM: Record<string, Person> = {
  "marcus-reed": {
    skin: "#f0c8a4",
    skinShade: "#d9a883",
    hair: "#bdbcb6",
    style: "short",
    shirt: C.navy,
    shirtShade: C.navyDeep,
    collar: "#26395a",
    background: [C.sandLight, "#d6c8a2"],
    seed: 11,
  },
  "elena-vasquez": {
    skin: "#d9a577",
    skinShade: "#be8a5e",
    hair: "#2b1d16",
    style: "bun",
    shirt: C.olive,
    shirtShade: C.oliveDark,
    collar: C.oliveLight,
    background: ["#dfe3e9", "#b8c2cf"],
    seed: 12,
  },
  "david-okafor": {
    skin: "#7a4b2c",
    skinShade: "#5f391f",
    hair: "#17110d",
    style: "crop",
    shirt: C.sand,
    shirtShade: C.sandDark,
    collar: "#d7c79e",
    background: ["#dde2c9", "#b4bd8f"],
    seed: 13,
  },
  "sarah-whitfield": {
    skin: "#f6d6ba",
    skinShade: "#e2b895",
    hair: "#d8b163",
    style: "ponytail",
    shirt: C.navy,
    shirtShade: C.navyDeep,
    collar: "#26395a",
    background: ["#e6ddc6", "#cbb98d"],
    seed: 14,
  },
  "tom-brennan": {
    skin: "#efc2a0",
    skinShade: "#d59f7b",
    hair: "#8b4a2b",
    style: "short",
    beard: true,
    shirt: C.olive,
    shirtShade: C.oliveDark,
    collar: C.oliveLight,
    background: ["#dfe3e9", "#b3bdcb"],
    seed: 15,
  },
  "aisha-coleman": {
    skin: "#6e4127",
    skinShade: "#56311c",
    hair: "#1d1410",
    style: "curly",
    shirt: C.sand,
    shirtShade: C.sandDark,
    collar: "#d7c79e",
    background: ["#e9e0c6", "#c7d0b0"],
    seed: 16,
  },
};

/* -------------------------------------------------------------------------- */
/* Hero (1600 x 900) and about story (1200 x 800)                             */
/* -------------------------------------------------------------------------- */

/** A flag waving away from a pole at `poleX`, drawn as sampled polygons. */
function wavingFlag(s: Svg, poleX: number, topY: number, w: number, h: number): string {
  const steps = 32;
  const phase = (u: number) => u * Math.PI * 2 * 1.25 - 0.5;
  const at = (u: number, v: number): Pt => {
    const amp = 12 * (0.2 + u);
    return [poleX - u * w, topY + v * h * (1 - 0.06 * u) + amp * Math.sin(phase(u)) + u * 16];
  };
  const patch = (u0: number, u1: number, v0: number, v1: number, fill: string, a: Attrs = {}) => {
    const pts: Pt[] = [];
    const k = Math.max(1, Math.round((u1 - u0) * steps));
    for (let i = 0; i <= k; i++) pts.push(at(u0 + ((u1 - u0) * i) / k, v0));
    for (let i = k; i >= 0; i--) pts.push(at(u0 + ((u1 - u0) * i) / k, v1));
    return poly(pts, fill, a);
  };
  // Fabric folds: one horizontal gradient following the wave's slope.
  const foldStops: Stop[] = [];
  for (let i = 0; i <= 40; i++) {
    const u = i / 40;
    const c = Math.cos(phase(u));
    foldStops.push(c > 0 ? [u, C.white, 0.06 * c] : [u, "#000", 0.3 * -c]);
  }
  const folds = s.linear(foldStops, [poleX, 0, poleX - w, 0], true);
  const parts: string[] = [];
  for (let i = 0; i < 13; i++) parts.push(patch(0, 1, i / 13, (i + 1) / 13, i % 2 === 0 ? "#4e2a2f" : "#6f6b62"));
  parts.push(patch(0, 0.4, 0, 7 / 13, "#18213a"));
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 6; c++) {
      const [x, y] = at(0.035 + c * 0.062, 0.06 + r * 0.1);
      parts.push(circle(x, y, 1.8, "#8f8b7c", { opacity: 0.8 }));
    }
  }
  parts.push(patch(0, 1, 0, 1, folds));
  return group(parts);
}

function hero(s: Svg): string {
  const rand = rng(505);
  const sky = s.linear([
    [0, "#0a1320"],
    [0.45, "#111e33"],
    [0.68, "#1e2d44"],
    [0.8, "#3c4249"],
    [0.9, "#5e5640"],
  ]);
  const vignette = s.radial([[0, "#000", 0], [0.7, "#000", 0.15], [1, "#000", 0.5]], [0.55, 0.45, 0.8]);
  const leftShade = s.linear([[0, "#000", 0.35], [0.55, "#000", 0]], [0, 0, 1, 0]);
  const poleX = 1230;
  return group([
    rect(0, 0, 1600, 900, sky),
    starField(rand, 140, 1600, 0, 480, 0.55),
    ellipse(1100, 700, 700, 120, "#c9a227", { opacity: 0.12, filter: s.blur(60) }),
    shape(ridgePath(rand, 1600, 660, 70, 900), "#1f2b3d"),
    shape(ridgePath(rand, 1600, 720, 60, 900), "#152032"),
    shape("M-20 790 C300 770 700 790 980 740 C1120 712 1180 600 1250 596 C1330 596 1420 690 1620 720 L1620 900 L-20 900 Z", "#0b1320"),
    // pole + flag
    rect(poleX - 3, 228, 6, 380, "#59606a"),
    rect(poleX - 3, 228, 2, 380, "#8a8f96", { opacity: 0.6 }),
    circle(poleX, 222, 8, "#9c8030"),
    stroke(`M${poleX - 2} 250 L${poleX - 2} 420`, "#2c3038", 1.5, { opacity: 0.8 }),
    wavingFlag(s, poleX - 4, 244, 320, 196),
    rect(0, 0, 1600, 900, leftShade),
    rect(0, 0, 1600, 900, vignette),
  ]);
}

interface Figure {
  x: number;
  y: number;
  scale: number;
  cap?: boolean;
  tilt?: number;
}

/** Seated person silhouette; origin at the middle of the seat. */
function seatedFigure(f: Figure, fill: string, rim: string): string {
  const head = 24;
  const parts = [
    shape("M-38 0 Q-46 -60 -34 -96 Q-20 -112 0 -114 Q20 -112 34 -96 Q46 -60 38 0 Z", fill),
    rect(-9, -124, 18, 16, fill),
    circle(0, -142, head, fill),
    shape("M-56 -8 L56 -8 Q70 -4 70 12 L70 60 L50 60 L48 18 L-48 18 L-50 60 L-70 60 L-70 12 Q-70 -4 -56 -8 Z", fill),
    stroke("M-34 -90 Q-56 -50 -44 -12", fill, 18),
    stroke("M34 -90 Q56 -50 44 -12", fill, 18),
  ];
  if (f.cap) parts.push(shape("M-25 -150 Q0 -178 25 -150 L40 -146 L-25 -144 Z", fill));
  const rimLine = stroke("M-34 -96 Q-20 -112 0 -114 Q20 -112 34 -96", rim, 3, { opacity: 0.55 });
  return group([...parts, rimLine, circle(0, -142, head, "none", { stroke: rim, "stroke-width": 2.5, opacity: 0.5 })], {
    transform: `translate(${f.x} ${f.y}) rotate(${f.tilt ?? 0}) scale(${f.scale})`,
  });
}

function aboutStory(s: Svg): string {
  const rand = rng(606);
  const fireX = 600;
  const fireY = 560;
  const sky = s.linear([[0, C.navyDeep], [0.6, C.navy], [1, "#2c3a4c"]]);
  const ground = s.linear([[0, "#1a2216"], [1, "#0d120b"]]);
  const lit = s.radial([[0, "#a88450"], [0.45, "#5a4630"], [1, "#1a1712"]], [fireX, fireY - 40, 330], true);
  const rim = s.radial([[0, "#f2c45a"], [0.6, "#c9a227", 0.6], [1, "#c9a227", 0]], [fireX, fireY - 60, 380], true);
  const back: Figure[] = [
    { x: 390, y: 520, scale: 0.72, tilt: 6 },
    { x: 500, y: 500, scale: 0.66, cap: true },
    { x: 700, y: 500, scale: 0.66 },
    { x: 810, y: 520, scale: 0.72, cap: true, tilt: -6 },
  ];
  const front: Figure[] = [
    { x: 330, y: 700, scale: 0.95, tilt: 10, cap: true },
    { x: 870, y: 700, scale: 0.95, tilt: -10 },
  ];
  const log = (x: number, y: number, w: number, h: number, angle: number, fill: string) =>
    rect(x - w / 2, y - h / 2, w, h, fill, { rx: h / 2, transform: `rotate(${angle} ${x} ${y})` });
  return group([
    rect(0, 0, 1200, 800, sky),
    starField(rand, 110, 1200, 0, 360, 0.7),
    shape(ridgePath(rand, 1200, 410, 40, 800), "#18253a"),
    treeLine(rand, 1200, 450, 70, 150, "#0c1522", 30),
    rect(0, 440, 1200, 360, ground),
    ellipse(fireX, fireY + 20, 520, 150, C.gold, { opacity: 0.22, filter: s.blur(40) }),
    log(440, 528, 200, 34, 8, "#2e261b"),
    log(760, 528, 200, 34, -8, "#2e261b"),
    ...back.map((f) => seatedFigure(f, lit, rim)),
    campfire(s, fireX, fireY, 0.9, rand),
    log(330, 712, 220, 40, 10, "#0c0f0c"),
    log(870, 712, 220, 40, -10, "#0c0f0c"),
    ...front.map((f) => seatedFigure(f, "#0a0e14", rim)),
  ]);
}

/* -------------------------------------------------------------------------- */
/* What to render                                                             */
/* -------------------------------------------------------------------------- */

interface Asset {
  file: string;
  width: number;
  height: number;
  /** Soft budget in KB; the script warns when an output exceeds it. */
  budgetKb: number;
  draw: (s: Svg) => string;
}

const product = (file: string, draw: (s: Svg) => string, floor?: { cx: number; cy: number; rx: number }): Asset => ({
  file: `products/${file}.webp`,
  width: 800,
  height: 800,
  budgetKb: 40,
  draw: (s) => productStage(s, draw(s), floor),
});

const program = (file: string, draw: (s: Svg) => string): Asset => ({
  file: `programs/${file}.webp`,
  width: 1200,
  height: 800,
  budgetKb: 80,
  draw,
});

const ASSETS: Asset[] = [
  product("veteran-strong-tshirt", tshirt),
  product("tactical-cap", baseballCap, { cx: 420, cy: 575, rx: 260 }),
  product("insulated-water-bottle", waterBottle, { cx: 400, cy: 656, rx: 120 }),
  product("fitness-journal", fitnessJournal),
  product("performance-hoodie", hoodie),
  product("tactical-backpack", backpack, { cx: 400, cy: 660, rx: 190 }),
  product("training-gloves", () => trainingGloves()),
  product("military-cap", patrolCap, { cx: 400, cy: 540, rx: 250 }),
  program("firearms", firearmsScene),
  program("fitness", fitnessScene),
  program("tactical", tacticalScene),
  program("martial-arts", martialArtsScene),
  program("outdoor", outdoorScene),
  ...Object.entries(TEAM).map(
    ([slug, person]): Asset => ({
      file: `team/${slug}.webp`,
      width: 400,
      height: 400,
      budgetKb: 40,
      draw: (s) => avatar(s, person),
    }),
  ),
  { file: "hero.webp", width: 1600, height: 900, budgetKb: 80, draw: hero },
  { file: "about-story.webp", width: 1200, height: 800, budgetKb: 80, draw: aboutStory },
];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  for (const asset of ASSETS) {
    if (only.length > 0 && !only.some((o) => asset.file.includes(o))) continue;
    const s = new Svg(asset.width, asset.height);
    const svg = s.render(asset.draw(s));
    const out = path.join(OUT_DIR, asset.file);
    await mkdir(path.dirname(out), { recursive: true });
    const info = await sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY, effort: 6 }).toFile(out);
    const kb = info.size / 1024;
    const warn = kb > asset.budgetKb ? `  (over ${asset.budgetKb} KB budget)` : "";
    console.log(`${asset.file.padEnd(42)} ${info.width}x${info.height}  ${kb.toFixed(1)} KB${warn}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
