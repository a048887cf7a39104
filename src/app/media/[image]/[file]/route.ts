import { getDb } from "@/db/client";
import { parseImageUrl } from "@/lib/image-url";
import { getImageVariant } from "@/lib/images/images.queries";

const notFound = () => new Response("No such image", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** An uploaded image's variant, from the database (ADR 0017); its URL carries a content hash, so it never changes. */
export async function GET(_request: Request, { params }: { params: Promise<{ image: string; file: string }> }) {
  const { image, file } = await params;
  const wanted = parseImageUrl(image, file);
  if (!wanted) return notFound();
  const bytes = await getImageVariant(getDb(), wanted);
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": `image/${wanted.format}`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
