import { Alert, LiveStatus } from "@/components/ui/alert";
import Link from "@/components/ui/link";

/**
 * A record's page on a desk: links back (to the list, and elsewhere), what the last action did, an
 * optional summary, then two columns: the record (`main`) and what can be done with it (`side`).
 */
export function DetailLayout({
  links,
  message,
  refusal,
  summary,
  main,
  side,
}: {
  links: { href: string; label: string }[];
  /** What the redirect after an action says; the status region stays in the page without one. */
  message?: string;
  /**
   * Why the last action was refused (the record had moved on, e.g. in another tab): said above the
   * page, which shows the record as it is now.
   */
  refusal?: string;
  summary?: React.ReactNode;
  main: React.ReactNode;
  side: React.ReactNode;
}) {
  return (
    <>
      <p className={links.length > 1 ? "mb-4 flex flex-wrap gap-x-4 gap-y-1" : "mb-4"}>
        {links.map((link) => (
          <Link key={link.href} href={link.href} className="underline underline-offset-2">
            {link.label}
          </Link>
        ))}
      </p>
      {refusal && (
        <Alert tone="error" className="mb-6" data-testid="desk-refusal">
          Not done: {refusal} This page shows it as it is now.
        </Alert>
      )}
      <LiveStatus message={message} className="mb-6" />
      {summary}
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        {/* min-w-0: a wide table or a long address scrolls or wraps inside its column instead of widening the page. */}
        <div className="min-w-0 space-y-4">{main}</div>
        <div className="min-w-0 space-y-4">{side}</div>
      </div>
    </>
  );
}
