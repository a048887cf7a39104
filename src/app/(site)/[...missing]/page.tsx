import { notFound } from "next/navigation";

/** Any address no page answers: the public site's 404 page, inside its header and footer. */
export default function MissingPage(): never {
  notFound();
}
