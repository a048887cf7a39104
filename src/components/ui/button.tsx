import { buttonClasses, type ButtonVariant } from "./button-classes";

/** A `<button>` in one of the site's looks; `className` adds layout classes (a margin, a width) to it. */
export function Button({ variant = "primary", className, type = "button", ...rest }: { variant?: ButtonVariant } & React.ComponentProps<"button">) {
  return <button type={type} className={buttonClasses(variant, className)} {...rest} />;
}
