import { describe, expect, it } from "vitest";
import { loggableUrl } from "./loggable-url";

describe("a request's address as the log keeps it", () => {
  it("hides the credentials e-mailed links, guest orders, OAuth callbacks and private feeds carry", () => {
    expect(loggableUrl("/reset-password?token=abc123")).toBe("/reset-password?token=[hidden]");
    expect(loggableUrl("/newsletter/unsubscribe/one-click?token=t&x=1")).toBe("/newsletter/unsubscribe/one-click?token=[hidden]&x=1");
    expect(loggableUrl("/shop/orders/12?access=k3y&payment=unavailable")).toBe("/shop/orders/12?access=[hidden]&payment=unavailable");
    expect(loggableUrl("/api/auth/callback/google?code=4%2F0Ab&state=xyz&scope=email")).toBe("/api/auth/callback/google?code=[hidden]&state=[hidden]&scope=email");
    expect(loggableUrl("/calendar/feeds/member/s3cr3t-token.ics")).toBe("/calendar/feeds/member/[hidden]");
    expect(loggableUrl("/profile/claim-orders?%74oken=abc")).toBe("/profile/claim-orders?%74oken=[hidden]");
  });

  it("keeps every other address as it came, so the log still says what was asked", () => {
    for (const url of ["/", "/calendar?category=training", "/calendar/feeds/training.ics", "/admin/year?from=2026-01&to=2026-12", "/shop?q=%ff", "/a?b", "/a?=c"]) {
      expect(loggableUrl(url)).toBe(url);
    }
    expect(loggableUrl(undefined)).toBe("");
  });
});
