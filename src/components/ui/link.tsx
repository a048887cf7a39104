import NextLink from "next/link";

/**
 * The site's `<Link>`: client-side navigation, without prefetching.
 *
 * Next prefetches every link that scrolls into view, and every page here is rendered per request, so
 * one view of /about asked the server for 16 pages nobody had opened (41 requests in all), and a phone
 * paid for them in data. A click still navigates without a full reload; it fetches the page then.
 */
export default function Link(props: React.ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={false} {...props} />;
}
