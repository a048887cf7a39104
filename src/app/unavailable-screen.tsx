import { SiteUnavailable } from "@/components/layout/site-unavailable";
import { site } from "@/lib/site";
import { siteUnavailable } from "@/lib/site-unavailable";

/**
 * The error boundary's screen (app/global-error.tsx), in a module of its own so that the boundary loads
 * it when an error is shown rather than with every page. The boundary replaces the root layout and its
 * metadata, so the screen names the document too.
 */
export default function UnavailableScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <>
      <title>{`${siteUnavailable.title} | ${site.name}`}</title>
      <SiteUnavailable onRetry={onRetry} />
    </>
  );
}
