import "server-only";
import PDFDocument from "pdfkit";
import { formatCents } from "@/lib/money";
import { site } from "@/lib/site";
import { NO_GOODS_OR_SERVICES_STATEMENT, exemptStatus, type StatementFacts } from "./emails/donation-emails";
import { formatLongDate } from "@/lib/time";
import { cleanText, primaryFont, wordRuns, type Font, type TextRun, type Weight } from "./statement-text";

const MARGIN = 54;
const NAVY = "#1f2a44";
const MUTED = "#4a5568";

type Doc = PDFKit.PDFDocument;

/** pdfkit takes a parsed fontkit font as a font source; registered by name, each is embedded once per PDF (only the glyphs used). */
function setFont(doc: Doc, font: Font, size: number): Doc {
  const name = font.postscriptName;
  doc.registerFont(name, font as unknown as Buffer);
  return doc.font(name).fontSize(size);
}

/**
 * Noto Sans's "ccmp" splits a letter such as ị into i and a combining dot, which pdfkit's text layer
 * then maps back wrongly (copied or searched text read "Thi"): left-to-right runs keep the composed
 * letters the font has. A fresh object each time, since fontkit adds its defaults to the one it gets.
 */
const features = (run: TextRun) => (run.rtl ? undefined : ({ ccmp: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[]));

type Word = { runs: TextRun[]; width: number; rtl: boolean };

/** Runs in the order they are drawn, left to right: a stretch of right-to-left words reads from the right. */
function visualRuns(line: Word[], space: TextRun): TextRun[] {
  const pieces: TextRun[][] = [];
  for (let index = 0; index < line.length; ) {
    if (!line[index]!.rtl) {
      pieces.push(line[index]!.runs);
      index += 1;
      continue;
    }
    let end = index;
    while (end + 1 < line.length && line[end + 1]!.rtl) end += 1;
    const stretch = line.slice(index, end + 1).reverse();
    pieces.push(stretch.flatMap((word, at) => [...(at > 0 ? [space] : []), ...[...word.runs].reverse()]));
    index = end + 1;
  }
  const runs: TextRun[] = [];
  pieces.forEach((piece, at) => {
    for (const run of at > 0 ? [space, ...piece] : piece) {
      const last = runs.at(-1);
      if (last && last.font === run.font && !last.rtl && !run.rtl) last.text += run.text;
      else runs.push({ ...run });
    }
  });
  return runs;
}

/**
 * A paragraph in the statement's fonts, each character in the first font that has it. Lines break
 * only at spaces (pdfkit's own wrapping would split "501(c)(3)" between its parentheses); a word
 * wider than the line stays whole and runs past it.
 */
function paragraph(doc: Doc, text: string, options: { weight?: Weight; size: number; width: number }) {
  const weight = options.weight ?? "regular";
  const { size, width } = options;
  const primary = primaryFont(weight);
  const measure = (run: TextRun) => setFont(doc, run.font, size).widthOfString(run.text, { features: features(run) });
  const space: TextRun = { text: " ", font: primary, rtl: false };
  const spaceWidth = measure(space);
  const words: Word[] = cleanText(text)
    .split(" ")
    .filter(Boolean)
    .map((word) => {
      const runs = wordRuns(word, weight);
      return { runs, width: runs.reduce((sum, run) => sum + measure(run), 0), rtl: runs.some((run) => run.rtl) };
    });
  const lines: Word[][] = [];
  let lineWidth = 0;
  for (const word of words) {
    const line = lines.at(-1);
    if (line && lineWidth + spaceWidth + word.width <= width) {
      line.push(word);
      lineWidth += spaceWidth + word.width;
    } else {
      lines.push([word]);
      lineWidth = word.width;
    }
  }
  setFont(doc, primary, size);
  const lineHeight = doc.currentLineHeight(true);
  const ascent = (primary.ascent / primary.unitsPerEm) * size;
  const left = doc.page.margins.left;
  for (const line of lines) {
    if (doc.y + lineHeight > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const baseline = doc.y + ascent;
    let x = left;
    for (const run of visualRuns(line, space)) {
      setFont(doc, run.font, size).text(run.text, x, baseline, { lineBreak: false, baseline: "alphabetic", features: features(run) });
      x += measure(run);
    }
    doc.x = left;
    doc.y = baseline - ascent + lineHeight;
  }
}

/** A year-end giving statement as a one-or-more-page US Letter PDF (IRS Publication 1771 wording). */
export function statementPdf(facts: StatementFacts): Promise<Buffer> {
  const { organization } = facts;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: {
      Title: cleanText(`Giving statement ${facts.year} — ${facts.donorName}`),
      Author: cleanText(organization.legalName),
      Subject: `Year-end giving statement ${facts.year}`,
      CreationDate: facts.issuedAt,
    },
    lang: "en-US",
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const say = (text: string, size: number, weight: Weight = "regular") => paragraph(doc, text, { size, weight, width });
  doc.fillColor(NAVY);
  say(organization.legalName, 16, "bold");
  doc.fillColor(MUTED);
  say(`EIN ${organization.ein} · ${site.email} · ${site.phone}`, 10);
  doc.moveDown(1.5);
  doc.fillColor(NAVY);
  say(`Year-end giving statement ${facts.year}`, 14, "bold");
  doc.moveDown(0.5);
  doc.fillColor("black");
  say(`Donor: ${facts.donorName}`, 11);
  say(`Email: ${facts.donorEmail}`, 11);
  say(`Statement date: ${formatLongDate(facts.issuedAt)}`, 11);
  doc.moveDown();
  say(`Thank you for supporting the ${site.name}. These are the gifts we received from you in ${facts.year}, for your tax records. Refunded gifts are not included.`, 11);
  doc.moveDown();

  const columns = [
    { label: "Date of contribution", x: MARGIN, width: 200, align: "left" as const },
    { label: "Receipt number", x: MARGIN + 210, width: 150, align: "left" as const },
    { label: "Amount", x: MARGIN + width - 120, width: 120, align: "right" as const },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
    const y = doc.y;
    setFont(doc, primaryFont(bold ? "bold" : "regular"), 11);
    cells.forEach((cell, index) => doc.text(cell, columns[index]!.x, y, { width: columns[index]!.width, align: columns[index]!.align, lineBreak: false }));
    doc.x = MARGIN;
    doc.y = y + 18;
  };
  const rule = () => {
    doc.moveTo(MARGIN, doc.y - 4).lineTo(MARGIN + width, doc.y - 4).strokeColor(MUTED).lineWidth(0.5).stroke();
  };
  row(columns.map((column) => column.label), true);
  rule();
  for (const gift of facts.gifts) row([formatLongDate(gift.receivedAt), gift.receiptNumber, formatCents(gift.totalCents)]);
  rule();
  row([`Total (${facts.gifts.length === 1 ? "1 gift" : `${facts.gifts.length} gifts`})`, "", formatCents(facts.totalCents)], true);

  doc.moveDown(1.5);
  say(NO_GOODS_OR_SERVICES_STATEMENT, 11, "bold");
  doc.moveDown(0.5);
  say(exemptStatus(organization), 11);
  doc.moveDown(0.5);
  say("Each gift also had its own receipt. Please keep this statement with your tax records.", 11);
  doc.end();
  return done;
}
