import Link from "@/components/ui/link";

const variants = {
  primary: "bg-gold-500 text-navy-900 hover:bg-gold-400",
  secondary: "bg-navy-900 text-white hover:bg-navy-800",
  outline: "border-2 border-current bg-transparent hover:bg-white/10",
  olive: "bg-olive-600 text-white hover:bg-olive-700",
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClasses(variant: ButtonVariant = "primary", extra = ""): string {
  return `inline-flex items-center justify-center gap-2 rounded-md px-5 py-3 font-semibold transition-colors ${variants[variant]} ${extra}`;
}

export function ButtonLink({
  href,
  variant = "primary",
  className = "",
  children,
  ...rest
}: { href: string; variant?: ButtonVariant; className?: string; children: React.ReactNode } & Omit<
  React.ComponentProps<typeof Link>,
  "href" | "className"
>) {
  return (
    <Link href={href} className={buttonClasses(variant, className)} {...rest}>
      {children}
    </Link>
  );
}
