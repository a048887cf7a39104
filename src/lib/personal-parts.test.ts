import { describe, expect, it } from "vitest";
import { cutAtParts, fillParts, isPagePart, partsOf } from "./personal-parts";

const part = (name: string, inner: string, state?: string) =>
  `<template data-personal="${name}"${state === undefined ? "" : ` data-state="${state}"`}></template>${inner}<template data-personal-end="${name}"></template>`;

const page = (account: string, cart: string) => `<html><body>${part("visitor", "", "{&quot;signedIn&quot;:false}")}<header>${part("cart", cart)}<nav>${part("account", account)}</nav></header><main>Hello</main></body></html>`;

describe("a page's personal parts", () => {
  it("cuts a page at its parts and puts it back together as it was", () => {
    const html = page('<a href="/login">Login / Register</a>', "<span>0</span>");
    const cut = cutAtParts(html)!;
    expect(cut.names).toEqual(["visitor", "cart", "account"]);
    expect(cut.between).toHaveLength(4);
    expect(fillParts(cut, partsOf(html)!)!.join("")).toBe(html);
  });

  it("fills a page with another visitor's parts, leaving everything between them as it is", () => {
    const shell = page('<a href="/login">Login / Register</a>', "<span>0</span>");
    const member = page('<a href="/profile">Ann &amp; Bo</a>', "<span>3</span>").replace("signedIn&quot;:false", "signedIn&quot;:true");
    expect(fillParts(cutAtParts(shell)!, partsOf(member)!)!.join("")).toBe(member);
  });

  it("fills nothing when the visitor lacks a part the page has", () => {
    const shell = page("<a>Login</a>", "<span>0</span>");
    const parts = partsOf(shell)!;
    parts.delete("cart");
    expect(fillParts(cutAtParts(shell)!, parts)).toBeUndefined();
  });

  it("finds no parts on a page without markers, and fills it as it is", () => {
    const cut = cutAtParts("<p>plain</p>")!;
    expect(cut.names).toEqual([]);
    expect(fillParts(cut, new Map())!.join("")).toBe("<p>plain</p>");
  });

  it("names each event's parts after it, so a page of several events fills each with the visitor's own", () => {
    const calendar = (first: string, second: string) => `<ul><li>${part("registration:1", first)}</li><li>${part("registration:2", second)}</li></ul>`;
    const shell = calendar("<button>Register Now</button>", "<button>Register Now</button>");
    const member = calendar("<p>You're registered.</p>", "<button>Register Now</button>");
    expect(cutAtParts(shell)!.names).toEqual(["registration:1", "registration:2"]);
    expect(fillParts(cutAtParts(shell)!, partsOf(member)!)!.join("")).toBe(member);
    expect([isPagePart("registration:1"), isPagePart("event-spots:2"), isPagePart("price"), isPagePart("cart")]).toEqual([true, true, true, false]);
  });

  it("refuses a page with a marker left open, a part twice or a name that is not ours", () => {
    expect(cutAtParts('<template data-personal="cart"></template><span>1</span>')).toBeUndefined();
    expect(cutAtParts(part("cart", "1") + part("cart", "2"))).toBeUndefined();
    expect(cutAtParts(part("password", "x"))).toBeUndefined();
    expect(cutAtParts(part("password:1", "x"))).toBeUndefined();
    expect(cutAtParts(part("registration:1", "1") + part("registration:1", "2"))).toBeUndefined();
    expect(cutAtParts(part("registration:<b>", "x"))).toBeUndefined();
    expect(cutAtParts('<template data-personal="cart')).toBeUndefined();
  });

  it("is not fooled by a marker's text in the page's own text or data, which the page escapes", () => {
    const typed = '&lt;template data-personal="cart"&gt;&lt;/template&gt;';
    const payload = '<script>self.__next_f.push([1,"\\u003ctemplate data-personal=\\"cart\\"\\u003e"])</script>';
    const html = `<p>${typed}</p>${part("cart", "<span>0</span>")}${payload}`;
    expect(cutAtParts(html)!.names).toEqual(["cart"]);
  });
});
