import { NotFoundMessage } from "@/components/ui/not-found-message";

/**
 * A notFound() in one of the site's pages, as the router shows it in the browser (say, a link to an event
 * that was deleted): inside the (site) layout, which has the visitor's own header and the footer already.
 * Without it the router used the root 404 (app/not-found.tsx) here too, and every page's payload carried
 * that page's header and footer a second time. The first HTML of any 404 is still the root one, which the
 * HTTP front sends.
 */
export default function SiteNotFound() {
  return (
    <div className="grid min-h-[70dvh] place-items-center bg-navy-900 px-4 pb-16 pt-28 text-center text-white">
      <NotFoundMessage />
    </div>
  );
}
