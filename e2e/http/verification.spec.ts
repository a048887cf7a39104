/**
 * Asking to be verified, as the server answers the plain form: every bad upload is refused with a 422
 * and its message next to the field, and stores nothing; a good one is stored and shown waiting. The
 * journeys through staff's queue, and a refusal shown with JavaScript and axe: e2e/verification.spec.ts.
 */
import { addVerificationRequest, verificationsOf } from "../verification-db";
import { expect, test } from "./fixtures";
import type { HttpPage, Upload } from "./text-browser";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const pdf = (name: string, buffer: Buffer): Upload => ({ name, mimeType: "application/pdf", buffer });

/** The message under the Document field, which the field names as its description. */
function documentError(page: HttpPage): string {
  const message = page.text("#verify-document-error");
  expect(page.fieldError("Document")).toContain(message);
  return message;
}

async function ask(page: HttpPage, status: string | null, file: Upload): Promise<HttpPage> {
  const form = page.form({ button: "Ask to be verified" }).attach("Document", file);
  if (status) form.select("Service status to verify", status);
  return form.submit("Ask to be verified");
}

test("bad uploads are refused with a 422 and a clear message next to the field, and store nothing; a good one is stored and shown waiting", async ({ signedIn }) => {
  test.setTimeout(120_000); // sends a 30 MB file
  const { browser, email } = await signedIn(null);
  const page = await browser.get("/profile/verification");

  const noStatus = await ask(page, null, pdf("id.pdf", PDF));
  expect(noStatus.status).toBe(422);
  expect(noStatus.text("#verify-serviceStatus-error")).toBe("Choose the service status you want verified.");

  const notADocument = await ask(page, "Active Duty", pdf("orders.pdf", Buffer.from("These are my orders, honestly.")));
  expect(notADocument.status).toBe(422);
  expect(documentError(notADocument)).toBe(
    "This file is not a JPEG, PNG or WebP image, or a PDF, whatever its name says. Choose a photo, a scan or a PDF of your document.",
  );
  expect(notADocument.control("Document").attr("aria-invalid")).toBe("true");

  const empty = await ask(page, "Active Duty", pdf("empty.pdf", Buffer.alloc(0)));
  expect(empty.status).toBe(422);
  expect(documentError(empty)).toBe("This file is empty. Choose a JPEG, PNG or WebP image, or a PDF.");

  const huge = await ask(page, "Active Duty", pdf("huge.pdf", Buffer.concat([PDF, Buffer.alloc(30 * 1024 * 1024)])));
  expect(huge.status).toBe(422);
  expect(documentError(huge)).toBe("This file is 30.0 MB. Choose a document of at most 10 MB.");
  expect(await verificationsOf(email)).toEqual([]);

  const asked = await ask(page, "Law Enforcement", pdf("id.pdf", PDF));
  expect(asked.status).toBe(200);
  expect(asked.text("main")).toContain("Waiting for staff: your request to be verified as Law Enforcement");
  expect(asked.buttons("main")).not.toContain("Ask to be verified");
  expect(await verificationsOf(email)).toMatchObject([{ decision: "pending", has_document: true }]);
});

test("a document opens under its own sandboxed policy, not the site's, with the site's other headers", async ({ signedIn }) => {
  const { browser } = await signedIn("staff");
  const id = await addVerificationRequest();
  const answer = await browser.request.get(`/admin/verifications/${id}/document`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("image/png");
  expect(answer.headers()["content-security-policy"]).toBe("default-src 'none'; img-src 'self'; sandbox");
  expect(answer.headers()["x-frame-options"]).toBe("DENY");
  expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
});
