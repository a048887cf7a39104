"use client";

import { usePathname } from "next/navigation";
import { createContext, use, useEffect, useRef, useState, type RefObject } from "react";
import { CartIcon } from "@/components/ui/cart-icon";
import Link from "@/components/ui/link";
import { PersonalPart } from "./personal-part";
import { useVisitor, type Visitor } from "./visitor";

/**
 * The few parts of the site header that change in the browser: its background once the page scrolls, the
 * phone menu, which link is the current page, and what depends on the visitor (the cart badge and the
 * account links, personal parts the HTTP front fills: ADR 0025). The rest of the header is rendered on the
 * server (site-header.tsx), so its markup and classes are not shipped as JavaScript.
 */

const SCROLL_THRESHOLD_PX = 10;

interface MenuState {
  open: boolean;
  setOpen: (open: boolean | ((open: boolean) => boolean)) => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}

const MenuContext = createContext<MenuState>({ open: false, setOpen: () => {}, toggleRef: { current: null } });

function isCurrent(pathname: string, href: string): boolean {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

export function HeaderFrame({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // The menu closes on every route change (state derived during render, no effect needed).
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <MenuContext value={{ open, setOpen, toggleRef }}>
      <header
        data-scrolled={scrolled ? "true" : "false"}
        className={`fixed inset-x-0 top-0 z-50 transition-colors duration-300 ${scrolled || open ? "bg-navy-900 shadow-lg" : "bg-transparent"}`}
      >
        {children}
      </header>
    </MenuContext>
  );
}

export function MenuToggle() {
  const { open, setOpen, toggleRef } = use(MenuContext);
  return (
    <button
      ref={toggleRef}
      type="button"
      className="rounded-md p-2 text-white hover:bg-white/10 lg:hidden"
      aria-expanded={open}
      aria-controls="mobile-menu"
      onClick={() => setOpen((wasOpen) => !wasOpen)}
    >
      <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
        {open ? <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" /> : <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />}
      </svg>
    </button>
  );
}

export function MobileMenu({ children }: { children: React.ReactNode }) {
  const { open } = use(MenuContext);
  return (
    <nav id="mobile-menu" aria-label="Mobile" hidden={!open} className="border-t border-white/10 bg-navy-900 lg:hidden">
      {children}
    </nav>
  );
}

const CURRENT_UNDERLINE = "underline decoration-gold-500 decoration-2";

/** The header's kinds of link, as [classes, classes added on the current page]. Kept here, not in each link's props, so the page's payload carries them once. */
const NAV_LINK_CLASSES = {
  main: ["py-2 text-sm font-medium text-white/90 underline-offset-8 hover:text-white", `text-white ${CURRENT_UNDERLINE}`],
  donate: ["hidden rounded-md border-2 border-gold-500 px-4 py-1.5 text-sm font-semibold text-white hover:bg-gold-500 hover:text-navy-900 sm:inline-block", ""],
  mobile: ["block rounded-md px-3 py-3 text-base font-medium text-white hover:bg-white/10", `${CURRENT_UNDERLINE} underline-offset-8`],
  mobileDonate: ["block rounded-md px-3 py-3 font-semibold text-gold-400 hover:bg-white/10", ""],
} as const;

/** A link that marks itself as the current page (`aria-current`, and an underline for the page links). */
export function NavLink({ href, kind, children }: { href: string; kind: keyof typeof NAV_LINK_CLASSES; children: React.ReactNode }) {
  const current = isCurrent(usePathname(), href);
  const [classes, currentClasses] = NAV_LINK_CLASSES[kind];
  return (
    <Link href={href} aria-current={current ? "page" : undefined} className={current && currentClasses ? `${classes} ${currentClasses}` : classes}>
      {children}
    </Link>
  );
}

/** Without a visitor (a page served the same to everyone, the 404 page) the link does not claim a count. */
export function CartLink() {
  const visitor = useVisitor();
  // The server's count, plus items being added right now (optimistic, see VisitorProvider).
  const count = visitor?.cartCount ?? 0;
  return (
    <PersonalPart name="cart">
      <Link href="/shop/cart" aria-label={visitor ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart"} className="relative rounded-full p-2 text-white hover:bg-white/10">
        <CartIcon className="size-6" />
        {visitor && (
          <span data-testid="cart-count" className="absolute -right-0.5 -top-0.5 grid min-w-5 place-items-center rounded-full bg-gold-500 px-1 text-xs font-bold text-navy-900">
            {count}
          </span>
        )}
      </Link>
    </PersonalPart>
  );
}

/**
 * Where the account link leads: the profile for a member, sign-in for a visitor, and, on a page that cannot
 * know the visitor (the 404 page), "My Account", which signs in first.
 */
function accountLink(visitor: Visitor | null): { href: string; label: string } {
  if (!visitor) return { href: "/profile", label: "My Account" };
  return visitor.signedIn ? { href: "/profile", label: visitor.displayName ?? "Member" } : { href: "/login", label: "Login / Register" };
}

export function AccountLinks() {
  const visitor = useVisitor();
  const link = accountLink(visitor);
  return (
    <PersonalPart name="account">
      {visitor?.staff && (
        <Link href="/admin" className="hidden rounded-md px-3 py-2 text-sm font-semibold text-white underline-offset-4 hover:underline lg:inline-block">
          Staff area
        </Link>
      )}
      <Link
        href={link.href}
        className={
          link.href === "/login"
            ? "hidden rounded-md bg-gold-500 px-4 py-2 text-sm font-semibold text-navy-900 hover:bg-gold-400 sm:inline-block"
            : "hidden rounded-md bg-white/10 px-4 py-2 text-sm font-semibold text-white hover:bg-white/20 sm:inline-block"
        }
      >
        {link.label}
      </Link>
    </PersonalPart>
  );
}

/** The phone menu's account items: list items, so they sit in the menu's list. */
export function MenuAccountLinks() {
  const visitor = useVisitor();
  const link = accountLink(visitor);
  return (
    <PersonalPart name="menu-account">
      <li>
        <Link href={link.href} className="block rounded-md px-3 py-3 font-semibold text-gold-400">
          {link.label}
        </Link>
      </li>
      {visitor?.staff && (
        <li>
          <Link href="/admin" className="block rounded-md px-3 py-3 font-semibold text-white">
            Staff area
          </Link>
        </li>
      )}
    </PersonalPart>
  );
}
