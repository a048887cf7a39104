/** The front's body limits: the site's 1 MB, and a larger one only where uploads are taken. */
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { bodyLimitFor, refuseRequest } from "./request-guards";

const MB = 1024 * 1024;
const options = { maxBodyBytes: MB, uploadLimits: [{ pathPrefix: "/admin/catalogue", maxBodyBytes: 25 * MB }], allowedHosts: new Set(["site.test"]) };

const post = (url: string, bytes: number) => ({ method: "POST", url, headers: { "content-length": String(bytes), host: "site.test", origin: "http://site.test" } }) as unknown as IncomingMessage;

describe("upload limits", () => {
  it("apply to their paths only", () => {
    expect(bodyLimitFor("/admin/catalogue/new", options)).toBe(25 * MB);
    expect(bodyLimitFor("/admin/catalogue/12?x=1", options)).toBe(25 * MB);
    expect(bodyLimitFor("/admin/orders/12", options)).toBe(MB);
    expect(bodyLimitFor("/shop?/admin/catalogue", options)).toBe(MB);
    expect(bodyLimitFor("/admin/catalogue", { maxBodyBytes: MB })).toBe(MB);
  });

  it("let a 20 MB picture reach the catalogue's form, and refuse more than 25 MB there and more than 1 MB elsewhere", () => {
    expect(refuseRequest(post("/admin/catalogue/new", 20 * MB), options)).toBeUndefined();
    expect(refuseRequest(post("/admin/catalogue/new", 25 * MB + 1), options)).toEqual({
      kind: "refuse",
      status: 413,
      title: "Too large",
      message: "The request is larger than this site accepts (25 MB).",
    });
    expect(refuseRequest(post("/contact", 2 * MB), options)).toMatchObject({ status: 413, message: "The request is larger than this site accepts (1 MB)." });
  });
});
