import { getImageProps, type ImageProps } from "next/image";
import { preload as preloadResource } from "react-dom";

type Props = Omit<ImageProps, "placeholder" | "blurDataURL" | "onLoad" | "onError" | "priority" | "loading">;

/**
 * The image optimizer's `<img>` (srcset of resized AVIF/WebP, width and height against layout shift,
 * lazy unless preloaded), rendered on the server alone. Next's `<Image>` is a client component: every
 * page showing one would load its ≈ 5.5 KB (gzip) of JavaScript, for effects (blur placeholders, load
 * events) this site does not use. `preload` puts a `<link rel="preload">` in the head, as `<Image>` does,
 * and asks for the image first.
 */
export function ServerImage({ preload = false, ...rest }: Props) {
  const { props } = getImageProps({ ...rest, preload, fetchPriority: preload ? "high" : undefined });
  if (preload) preloadResource(props.src, { as: "image", imageSrcSet: props.srcSet, imageSizes: props.sizes, fetchPriority: "high" });
  // eslint-disable-next-line @next/next/no-img-element -- this is next/image's own <img>, made by getImageProps
  return <img {...props} alt={props.alt} />;
}
