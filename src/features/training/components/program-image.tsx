import { ServerImage } from "@/components/ui/server-image";

/** Program artwork: 1200×800 source, reserved aspect ratio so nothing shifts while it loads. */
export function ProgramImage({
  src,
  alt,
  sizes,
  preload = false,
  className = "",
}: {
  src: string;
  alt: string;
  sizes: string;
  preload?: boolean;
  className?: string;
}) {
  return (
    <ServerImage
      src={src}
      alt={alt}
      width={1200}
      height={800}
      sizes={sizes}
      preload={preload}
      className={`aspect-[3/2] h-auto w-full rounded-xl object-cover shadow-md ${className}`}
    />
  );
}
