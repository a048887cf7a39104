import { ServerImage } from "@/components/ui/server-image";
import { imageFallbackUrl, imageSrcSet, type ImageRef } from "@/lib/image-url";

interface Props {
  product: { imagePath: string; imageAlt: string; image: ImageRef | null };
  sizes: string;
  className?: string;
  preload?: boolean;
}

/**
 * A product's picture, 800 × 800 for layout. An uploaded one already exists in AVIF and WebP widths
 * (ADR 0017), so the browser picks from those; the seed's pictures go through Next's image optimizer.
 */
export function ProductImage({ product, sizes, className, preload }: Props) {
  const { image } = product;
  if (!image) return <ServerImage src={product.imagePath} alt={product.imageAlt} width={800} height={800} sizes={sizes} preload={preload} className={className} />;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={imageSrcSet(image, "avif")} sizes={sizes} />
      {/* The variants are made at upload; the optimizer would only encode them again. */}
      <img
        src={imageFallbackUrl(image)}
        srcSet={imageSrcSet(image, "webp")}
        sizes={sizes}
        alt={product.imageAlt}
        width={800}
        height={800}
        loading={preload ? "eager" : "lazy"}
        fetchPriority={preload ? "high" : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
