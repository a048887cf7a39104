import Link from "@/components/ui/link";
import { mainNav, site } from "@/lib/site";
import { CartLink, HeaderFrame, MenuToggle, MobileMenu, NavLink } from "./header-parts";

export interface HeaderAccount {
  /** Null when signed out. */
  displayName: string | null;
  signedIn: boolean;
  /** A staff role (any): the header then leads to the staff area too. */
  staff: boolean;
}

/**
 * `cartCount` and `account` null: a page served the same to everyone (the 404 page), which cannot know the
 * visitor; the header then links to the cart and to "My Account" (sign-in first) without claiming either.
 */
export function SiteHeader({ cartCount, account }: { cartCount: number | null; account: HeaderAccount | null }) {
  const accountLink = !account || account.signedIn ? { href: "/profile", label: account ? (account.displayName ?? "Member") : "My Account" } : null;
  return (
    <HeaderFrame>
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link href="/" className="flex items-center gap-2 font-bold tracking-tight text-white">
          <span aria-hidden="true" className="grid size-9 place-items-center rounded-full bg-gold-500 text-navy-900">
            ★
          </span>
          <span className="text-lg">{site.shortName}</span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-6">
            {mainNav.map((item) => (
              <li key={item.href}>
                <NavLink href={item.href} kind="main">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-3">
          <NavLink href="/donate" kind="donate">
            Donate
          </NavLink>
          <CartLink serverCount={cartCount} />
          {account?.staff && (
            <Link href="/admin" className="hidden rounded-md px-3 py-2 text-sm font-semibold text-white underline-offset-4 hover:underline lg:inline-block">
              Staff area
            </Link>
          )}
          {accountLink ? (
            <Link href={accountLink.href} className="hidden rounded-md bg-white/10 px-4 py-2 text-sm font-semibold text-white hover:bg-white/20 sm:inline-block">
              {accountLink.label}
            </Link>
          ) : (
            <Link href="/login" className="hidden rounded-md bg-gold-500 px-4 py-2 text-sm font-semibold text-navy-900 hover:bg-gold-400 sm:inline-block">
              Login / Register
            </Link>
          )}
          <MenuToggle />
        </div>
      </div>

      <MobileMenu>
        <ul className="container-page flex flex-col py-2">
          {mainNav.map((item) => (
            <li key={item.href}>
              <NavLink href={item.href} kind="mobile">
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink href="/donate" kind="mobileDonate">
              Donate
            </NavLink>
          </li>
          <li>
            <Link href={accountLink?.href ?? "/login"} className="block rounded-md px-3 py-3 font-semibold text-gold-400">
              {accountLink?.label ?? "Login / Register"}
            </Link>
          </li>
          {account?.staff && (
            <li>
              <Link href="/admin" className="block rounded-md px-3 py-3 font-semibold text-white">
                Staff area
              </Link>
            </li>
          )}
        </ul>
      </MobileMenu>
    </HeaderFrame>
  );
}
