/**
 * Every button's look, in one place: `<Button>`, `<ButtonLink>` and the few elements styled as a
 * button (a download link, a pending submit) take their classes from here.
 */

const callToAction = "inline-flex items-center justify-center gap-2 rounded-md px-5 py-3 font-semibold transition-colors";
const whenDisabled = "disabled:cursor-not-allowed disabled:opacity-70";
const desk = "rounded-md bg-navy-900 px-4 py-2 font-semibold text-white hover:bg-navy-700";

/** The public pages' calls to action: a colour on the shared shape. */
const callToActionColours = {
  primary: "bg-gold-500 text-navy-900 hover:bg-gold-400",
  secondary: "bg-navy-900 text-white hover:bg-navy-800",
  outline: "border-2 border-current bg-transparent hover:bg-white/10",
  olive: "bg-olive-600 text-white hover:bg-olive-700",
} as const;

/** Buttons of forms and of the staff desks, each a whole class string. */
const formLooks = {
  /** A call to action that steps back beside a stronger one (leave a waitlist, cancel a registration). */
  quiet: "inline-flex items-center justify-center rounded-md border-2 border-current px-5 py-2.5 font-semibold transition-colors hover:bg-black/5",
  /** A profile setting's button (turn auto-renewal on or off). */
  setting: "rounded-md border-2 border-navy-900 px-5 py-2.5 font-semibold text-navy-900 hover:bg-navy-900/5",
  /** A profile setting's button that replaces or removes something (the private calendar address). */
  "setting-change": `rounded-md border-2 border-navy-900 px-5 py-2.5 font-semibold text-navy-900 hover:bg-navy-900 hover:text-white ${whenDisabled}`,
  /** A member form's one full-width submit. */
  submit: `w-full rounded-md bg-olive-600 px-5 py-3 font-semibold text-white hover:bg-olive-700 ${whenDisabled}`,
  /** The staff desks' main button where it is never disabled (a search, a link styled as a button). */
  desk,
  /** The staff desks' main submit, disabled while its form posts. */
  "desk-submit": `${desk} ${whenDisabled}`,
  /** The same, small, beside each row of a list. */
  "desk-small": "rounded-md bg-navy-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-navy-700 disabled:opacity-70",
  /** A second, quieter desk action (archive, close). */
  "desk-outline": "rounded-md border-2 border-navy-900 px-4 py-2 font-semibold text-navy-900 hover:bg-navy-900 hover:text-white disabled:opacity-70",
  /** A desk action that takes something away (delete, disable, refund, cancel). */
  "desk-danger": "rounded-md border-2 border-red-800 px-4 py-2 font-semibold text-red-800 hover:bg-red-800 hover:text-white disabled:opacity-70",
  /** The same, small, beside each row of a list. */
  "desk-danger-small": "rounded-md border-2 border-red-800 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-800 hover:text-white disabled:opacity-70",
} as const;

export type CallToActionVariant = keyof typeof callToActionColours;
export type ButtonVariant = CallToActionVariant | keyof typeof formLooks;

function isCallToAction(variant: ButtonVariant): variant is CallToActionVariant {
  return variant in callToActionColours;
}

/** The classes of a button of that variant, `extra` (layout: a margin, a width) added at the end. */
export function buttonClasses(variant: ButtonVariant = "primary", extra = ""): string {
  if (isCallToAction(variant)) return `${callToAction} ${callToActionColours[variant]} ${extra}`;
  return extra ? `${formLooks[variant]} ${extra}` : formLooks[variant];
}
