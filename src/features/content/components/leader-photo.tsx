import { ServerImage } from "@/components/ui/server-image";
import { imageFallbackUrl, imageSrcSet, type ImageRef } from "@/lib/image-url";

interface Props {
  leader: { imagePath: string; imageAlt: string; image: ImageRef | null };
  className?: string;
}

/**
 * A leader's photo, square. An uploaded one already exists in AVIF and WebP widths (ADR 0017); the
 * samples' photos go through Next's image optimizer.
 */
export function LeaderPhoto({ leader, className }: Props) {
  const { image } = leader;
  if (!image) return <ServerImage src={leader.imagePath} alt={leader.imageAlt} width={400} height={400} sizes="160px" className={className} />;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={imageSrcSet(image, "avif")} sizes="160px" />
      <img src={imageFallbackUrl(image, 400)} srcSet={imageSrcSet(image, "webp")} sizes="160px" alt={leader.imageAlt} width={400} height={400} loading="lazy" decoding="async" className={className} />
    </picture>
  );
}
