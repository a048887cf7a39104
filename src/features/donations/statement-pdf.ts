import "server-only";
import PDFDocument from "pdfkit";
import { formatCents } from "@/lib/money";
import { site } from "@/lib/site";
import { NO_GOODS_OR_SERVICES_STATEMENT, exemptStatus, type StatementFacts } from "./emails/donation-emails";
import { formatLongDate } from "@/lib/time";

/**
 * The PDF's built-in Helvetica covers Windows-1252 (Western European letters, curly quotes, dashes);
 * any other character would print as a wrong glyph. Accents the font lacks are dropped (Ł stays a
 * question mark): the donor's e-mail address on the statement still says whose it is.
 */
const WIN_ANSI_EXTRAS = new Set([..."€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"]);
export function pdfText(text: string): string {
  const fits = (char: string) => {
    const code = char.codePointAt(0)!;
    return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
  };
  return [...text]
    .map((char) => (fits(char) ? char : [...char.normalize("NFKD")].filter((part) => fits(part)).join("") || "?"))
    .join("");
}

const MARGIN = 54;
const NAVY = "#1f2a44";
const MUTED = "#4a5568";

/** A year-end giving statement as a one-or-more-page US Letter PDF (IRS Publication 1771 wording). */
export function statementPdf(facts: StatementFacts): Promise<Buffer> {
  const { organization } = facts;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: {
      Title: pdfText(`Giving statement ${facts.year} — ${facts.donorName}`),
      Author: pdfText(organization.legalName),
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
  doc.fillColor(NAVY).font("Helvetica-Bold").fontSize(16).text(pdfText(organization.legalName));
  doc.font("Helvetica").fontSize(10).fillColor(MUTED).text(`EIN ${organization.ein} · ${pdfText(site.email)} · ${site.phone}`);
  doc.moveDown(1.5);
  doc.fillColor(NAVY).font("Helvetica-Bold").fontSize(14).text(`Year-end giving statement ${facts.year}`);
  doc.moveDown(0.5);
  doc.font("Helvetica").fontSize(11).fillColor("black");
  doc.text(`Donor: ${pdfText(facts.donorName)}`);
  doc.text(`E-mail: ${pdfText(facts.donorEmail)}`);
  doc.text(`Statement date: ${formatLongDate(facts.issuedAt)}`);
  doc.moveDown();
  doc.text(pdfText(`Thank you for supporting the ${site.name}. These are the gifts we received from you in ${facts.year}, for your tax records. Refunded gifts are not included.`), { width });
  doc.moveDown();

  const columns = [
    { label: "Date of contribution", x: MARGIN, width: 200, align: "left" as const },
    { label: "Receipt number", x: MARGIN + 210, width: 150, align: "left" as const },
    { label: "Amount", x: MARGIN + width - 120, width: 120, align: "right" as const },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(11);
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
  doc.font("Helvetica-Bold").fontSize(11).text(NO_GOODS_OR_SERVICES_STATEMENT, MARGIN, doc.y, { width });
  doc.moveDown(0.5);
  doc.font("Helvetica").text(pdfText(exemptStatus(organization)), { width });
  doc.moveDown(0.5);
  doc.text("Each gift also had its own receipt. Please keep this statement with your tax records.", { width });
  doc.end();
  return done;
}
