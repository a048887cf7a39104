import Link from "@/components/ui/link";
import { mainNav, site } from "@/lib/site";
import { AccountLinks, CartLink, HeaderFrame, MenuAccountLinks, MenuToggle, MobileMenu, NavLink } from "./header-parts";

/**
 * The site header. What depends on the visitor (the cart badge, the account links) comes from the visitor
 * the page was rendered or filled for (visitor.tsx); a page without one (the 404 page) links to the cart
 * and to "My Account" without claiming either.
 */
export function SiteHeader() {
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
          <CartLink />
          <AccountLinks />
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
          <MenuAccountLinks />
        </ul>
      </MobileMenu>
    </HeaderFrame>
  );
}
