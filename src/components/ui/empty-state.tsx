import Link from "@/components/ui/link";
import { cardClass } from "./panel-heading";

export function EmptyState({ message, href, linkLabel }: { message: string; href: string; linkLabel: string }) {
  return (
    <div className={`${cardClass} text-center`}>
      <p className="text-lg">{message}</p>
      <Link href={href} className="mt-4 inline-block rounded-md bg-olive-600 px-5 py-3 font-semibold text-white hover:bg-olive-700">
        {linkLabel}
      </Link>
    </div>
  );
}
