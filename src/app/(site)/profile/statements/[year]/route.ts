import { getDb } from "@/db/client";
import { receiptYear } from "@/features/donations/receipt-numbers.service";
import { parseYear } from "@/features/donations/donations-desk.schema";
import { statementPdf } from "@/features/donations/statement-pdf";
import { statementFileName, statementFor } from "@/features/donations/year-end-statements.service";
import { getCurrentMember } from "@/lib/auth/session";
import { now } from "@/lib/clock";

const plain = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store", "x-content-type-options": "nosniff" } });

/**
 * A signed-in member's year-end giving statement as a PDF: the gifts made with their account's
 * email address in that calendar year, once that address is confirmed (403 before), received and not refunded. A visitor
 * is sent to sign in and back; a malformed year is a 400, a year without gifts a 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ year: string }> }): Promise<Response> {
  const { year: asked } = await params;
  const member = await getCurrentMember();
  if (!member) {
    const next = `/profile/statements/${encodeURIComponent(asked)}`;
    return new Response(null, { status: 307, headers: { location: `/login?next=${encodeURIComponent(next)}`, "cache-control": "no-store" } });
  }
  if (!member.emailVerified) return plain(403, "Confirm your email address first (the link is in the email we sent you): statements list the gifts made with it.");
  const parsed = parseYear(asked, receiptYear(now()));
  if ("error" in parsed) return plain(400, parsed.error);
  const facts = await statementFor(getDb(), member.email, parsed.year);
  if (!facts) return plain(404, `No gifts from ${member.email} were received in ${parsed.year}, so there is no statement for that year.`);
  const pdf = await statementPdf(facts);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${statementFileName(parsed.year)}"`,
      "content-length": String(pdf.length),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
