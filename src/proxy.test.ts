import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "./proxy";

const URL_WITH_TOKEN = `http://site.test/newsletter/unsubscribe?token=${"a".repeat(43)}`;

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new NextRequest(URL_WITH_TOKEN, { method: "POST", body, headers: { host: "site.test", ...headers } });
}

const rewrittenTo = (response: Response) => response.headers.get("x-middleware-rewrite");

describe("proxy: the one-click POST to a newsletter's unsubscribe address", () => {
  it("goes to the route handler, form-encoded or multipart, with the token", async () => {
    const encoded = await proxy(post("List-Unsubscribe=One-Click", { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" }));
    expect(rewrittenTo(encoded)).toBe(`http://site.test/newsletter/unsubscribe/one-click?token=${"a".repeat(43)}`);
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    expect(rewrittenTo(await proxy(post(form)))).toContain("/newsletter/unsubscribe/one-click?token=");
  });

  it("leaves a GET and the page's own no-JavaScript form to the page, and refuses that form from another site", async () => {
    expect((await proxy(new NextRequest(URL_WITH_TOKEN))).headers.get("x-middleware-next")).toBe("1");
    const pageForm = () => {
      const form = new FormData();
      form.set("$ACTION_ID_7f00", "");
      form.set("token", "a".repeat(43));
      return form;
    };
    const same = await proxy(post(pageForm(), { origin: "http://site.test" }));
    expect(same.headers.get("x-middleware-next")).toBe("1");
    const foreign = await proxy(post(pageForm(), { origin: "https://evil.example" }));
    expect(foreign.status).toBe(403);
    expect(rewrittenTo(foreign)).toBeNull();
  });
});
