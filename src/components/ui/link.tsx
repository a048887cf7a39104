"use client";

import { useRouter } from "next/navigation";

type LinkProps = Omit<React.ComponentProps<"a">, "href"> & {
  href: string;
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** `false` keeps the scroll position (the router scrolls to the top, or to the hash, by default). */
  scroll?: boolean;
};

/**
 * The site's `<Link>`: a plain `<a href>` whose click navigates on the client, without prefetching.
 *
 * Next's `next/link` never prefetched here (every page is rendered per request, and one view of /about
 * asked the server for 16 pages nobody had opened), so all it did was turn a click into a client-side
 * navigation, for about 2.9 KB gzip of start-up JavaScript on every page (its prefetch and visibility
 * bookkeeping, URL formatting). This does the same with the router the framework loads anyway: a plain
 * left click on a link to this site navigates through `router.push`; a click with a modifier key, a middle
 * click, a link with a target or `download`, and a link to another origin or scheme are left to the
 * browser, exactly as `next/link` leaves them. Without JavaScript it is the same link.
 */
export default function Link({ href, replace, scroll, onClick, ...rest }: LinkProps) {
  const router = useRouter();
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        const anchor = event.currentTarget;
        const target = anchor.getAttribute("target");
        if ((target && target !== "_self") || anchor.hasAttribute("download")) return;
        if (new URL(anchor.href, location.href).origin !== location.origin) return;
        event.preventDefault();
        if (replace) router.replace(href, { scroll });
        else router.push(href, { scroll });
      }}
    />
  );
}
