"use client";

import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { CartIcon } from "@/components/ui/cart-icon";
import { useCartCount } from "@/features/cart/components/cart-count";
import { mainNav, site } from "@/lib/site";

const SCROLL_THRESHOLD_PX = 10;

export interface HeaderAccount {
  /** Null when signed out. */
  displayName: string | null;
  signedIn: boolean;
}

function isCurrent(pathname: string, href: string): boolean {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * `cartCount` and `account` null: a page served the same to everyone (the 404 page), which cannot know the
 * visitor; the header then links to the cart and to "My Account" (sign-in first) without claiming either.
 */
export function SiteHeader({ cartCount: serverCount, account }: { cartCount: number | null; account: HeaderAccount | null }) {
  // The server's count, plus items being added right now (optimistic, see CartCountProvider).
  const cartCount = useCartCount(serverCount ?? 0);
  const knowsCart = serverCount !== null;
  const pathname = usePathname();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // The menu closes on every route change (state derived during render, no effect needed).
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const solid = scrolled || menuOpen;
  const cartLabel = knowsCart ? `Cart, ${cartCount} ${cartCount === 1 ? "item" : "items"}` : "Cart";

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={`fixed inset-x-0 top-0 z-50 transition-colors duration-300 ${
        solid ? "bg-navy-900 shadow-lg" : "bg-transparent"
      }`}
    >
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link href="/" className="flex items-center gap-2 font-bold tracking-tight text-white">
          <span aria-hidden="true" className="grid size-9 place-items-center rounded-full bg-gold-500 text-navy-900">
            ★
          </span>
          <span className="text-lg">{site.shortName}</span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-6">
            {mainNav.map((item) => {
              const current = isCurrent(pathname, item.href);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={current ? "page" : undefined}
                    className={`py-2 text-sm font-medium text-white/90 underline-offset-8 hover:text-white ${
                      current ? "text-white underline decoration-gold-500 decoration-2" : ""
                    }`}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="flex items-center gap-3">
          <Link
            href="/donate"
            aria-current={isCurrent(pathname, "/donate") ? "page" : undefined}
            className="hidden rounded-md border-2 border-gold-500 px-4 py-1.5 text-sm font-semibold text-white hover:bg-gold-500 hover:text-navy-900 sm:inline-block"
          >
            Donate
          </Link>
          <Link href="/shop/cart" aria-label={cartLabel} className="relative rounded-full p-2 text-white hover:bg-white/10">
            <CartIcon className="size-6" />
            {knowsCart && (
              <span
                data-testid="cart-count"
                className="absolute -right-0.5 -top-0.5 grid min-w-5 place-items-center rounded-full bg-gold-500 px-1 text-xs font-bold text-navy-900"
              >
                {cartCount}
              </span>
            )}
          </Link>
          {!account || account.signedIn ? (
            <Link href="/profile" className="hidden rounded-md bg-white/10 px-4 py-2 text-sm font-semibold text-white hover:bg-white/20 sm:inline-block">
              {account ? (account.displayName ?? "Member") : "My Account"}
            </Link>
          ) : (
            <Link
              href="/login"
              className="hidden rounded-md bg-gold-500 px-4 py-2 text-sm font-semibold text-navy-900 hover:bg-gold-400 sm:inline-block"
            >
              Login / Register
            </Link>
          )}
          <button
            ref={toggleRef}
            type="button"
            className="rounded-md p-2 text-white hover:bg-white/10 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
              {menuOpen ? <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" /> : <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />}
            </svg>
          </button>
        </div>
      </div>

      <nav id="mobile-menu" aria-label="Mobile" hidden={!menuOpen} className="border-t border-white/10 bg-navy-900 lg:hidden">
        <ul className="container-page flex flex-col py-2">
          {mainNav.map((item) => {
            const current = isCurrent(pathname, item.href);
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={current ? "page" : undefined}
                  className={`block rounded-md px-3 py-3 text-base font-medium text-white hover:bg-white/10 ${
                    current ? "underline decoration-gold-500 decoration-2 underline-offset-8" : ""
                  }`}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
          <li>
            <Link
              href="/donate"
              aria-current={isCurrent(pathname, "/donate") ? "page" : undefined}
              className="block rounded-md px-3 py-3 font-semibold text-gold-400 hover:bg-white/10"
            >
              Donate
            </Link>
          </li>
          <li>
            {!account || account.signedIn ? (
              <Link href="/profile" className="block rounded-md px-3 py-3 font-semibold text-gold-400">
                {account ? (account.displayName ?? "Member") : "My Account"}
              </Link>
            ) : (
              <Link href="/login" className="block rounded-md px-3 py-3 font-semibold text-gold-400">
                Login / Register
              </Link>
            )}
          </li>
        </ul>
      </nav>
    </header>
  );
}
