import { FieldError, inputClass } from "@/components/forms/form-parts";

interface FrameProps {
  /** The control's id; its hint and error take `${id}-hint` and `${id}-error`. */
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: string;
  /** Classes of the block holding label, control, hint and error (a grid span, a flex basis). */
  className?: string;
}

/** The id and ARIA wiring of a field's control: invalid while it has an error, described by the error, else by the hint. */
export function controlProps(id: string, error: string | undefined, hasHint: boolean) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  } as const;
}

/** A field's label above its control, then its hint and its error: the shape of every form field here. */
export function FieldFrame({ id, label, hint, error, className, children }: FrameProps & { children: React.ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-navy-700">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type ControlProps<Tag extends "input" | "select"> = FrameProps & Omit<React.ComponentProps<Tag>, "id" | "className"> & { inputClassName?: string };

/** A labelled input with its hint and error; props the wiring sets (aria-describedby) can be given to replace it. */
export function Field({ id, label, hint, error, className, inputClassName = inputClass, ...input }: ControlProps<"input">) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <input {...controlProps(id, error, Boolean(hint))} className={inputClassName} {...input} />
    </FieldFrame>
  );
}

/** A labelled select (its options as children) with its hint and error. */
export function SelectField({ id, label, hint, error, className, inputClassName = inputClass, children, ...select }: ControlProps<"select">) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <select {...controlProps(id, error, Boolean(hint))} className={inputClassName} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}

/** The email address of the account forms (sign in, register, forgot password, sign-in link). */
export function EmailField(props: Omit<ControlProps<"input">, "label" | "name" | "type">) {
  return <Field label="Email" name="email" type="email" required autoComplete="email" {...props} />;
}
