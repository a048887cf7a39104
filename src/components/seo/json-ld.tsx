/**
 * Structured data for search engines (schema.org as JSON-LD). A data block, never run as script, so the
 * Content-Security-Policy does not apply; `<` is escaped so no text in it can close the tag.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify({ "@context": "https://schema.org", ...data }).replace(/</g, "\\u003c") }} />;
}
