import Link from "@/components/ui/link";
import { site } from "@/lib/site";

/** Login, register and (next) password pages: a centred card on navy, outside the site's header and footer. */
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-navy-900 px-4 py-10 sm:justify-center">
      <Link href="/" className="flex items-center gap-2 text-lg font-bold tracking-tight text-white">
        <span aria-hidden="true" className="grid size-9 place-items-center rounded-full bg-gold-500 text-navy-900">
          ★
        </span>
        {site.name}
      </Link>
      <main id="main" className="mt-8 w-full max-w-md rounded-xl bg-white p-6 text-navy-900 shadow-xl sm:p-8">
        {children}
      </main>
    </div>
  );
}
