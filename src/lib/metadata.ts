import type { Metadata } from "next";
import { site } from "./site";

/** Title, description, canonical URL and Open Graph tags for one page. */
/** A page's own picture for link previews (a product's photo), instead of the site's generic one. */
export interface PreviewImage {
  url: string;
  alt: string;
}

export function pageMetadata({ title, description, path, image }: { title: string; description: string; path: string; image?: PreviewImage }): Metadata {
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: {
      title: `${title} | ${site.name}`,
      description,
      url: path,
      siteName: site.name,
      type: "website",
      locale: "en_US",
      images: [image ?? { url: "/og-image.png", width: 1200, height: 630, alt: site.name }],
    },
  };
}
