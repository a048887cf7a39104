"use client";

import { PendingSubmit } from "@/components/staff/pending-submit";
import { fieldProps } from "@/components/ui/field-props";
import { FieldError, FormAlert, formMessage, inputClass, FormDone } from "@/components/forms/form-parts";
import { useActionForm, type FormAction } from "@/components/forms/use-action-form";
import { eventCategories, eventCategoryLabels } from "../../events.schema";
import type { EventFormValues } from "../../events-desk.queries";
import { EVENT_LIMITS, OTHER_LOCATION } from "../../events-desk.schema";
import { eligibilities, eligibilityLabels } from "../../registration-window";
import { cancelEventAction, createEventAction, emailAttendeesAction, updateEventAction, type DeskMessage } from "../events.staff-actions";

function TextField({
  prefix,
  name,
  label,
  errors,
  defaultValue,
  maxLength,
  hint,
  type = "text",
  className = "",
  required = true,
}: {
  prefix: string;
  name: string;
  label: string;
  errors: Partial<Record<string, string>>;
  defaultValue?: string;
  maxLength?: number;
  hint?: string;
  type?: "text" | "date" | "time";
  className?: string;
  required?: boolean;
}) {
  const field = fieldProps(prefix, name, errors);
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={field.id} className="font-medium">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-navy-700">
          {hint}
        </p>
      )}
      <input
        {...field}
        aria-describedby={[hintId, field["aria-describedby"]].filter(Boolean).join(" ") || undefined}
        type={type}
        required={required}
        maxLength={maxLength}
        defaultValue={defaultValue}
        autoComplete="off"
        className={inputClass}
      />
      <FieldError id={`${field.id}-error`} message={errors[name]} />
    </div>
  );
}

/**
 * The event's fields, for a new event (or a duplicate) and for editing one. Dates and times are the
 * association's (Central Time); capacity is a number of seats or unlimited.
 */
export function EventForm({
  eventId,
  values,
  locations,
  submitLabel,
}: {
  eventId?: number;
  values?: Partial<EventFormValues>;
  /** The training locations, as the select offers them ("Liberty Range, Bulverde, TX"). */
  locations: readonly string[];
  submitLabel: string;
}) {
  const { state, formAction, formRef, alertRef, errors, echoed } = useActionForm<DeskMessage>(
    (eventId === undefined ? createEventAction : updateEventAction) as FormAction<DeskMessage>,
  );
  const v = (name: keyof EventFormValues) => echoed?.[name] ?? (typeof values?.[name] === "string" ? (values[name] as string) : "");
  const unlimited = echoed ? echoed.unlimited === "yes" : Boolean(values?.unlimited);
  const opensLater = (v("opens") || "now") === "later";
  const eligibility = v("eligibility") || "everyone";
  const prefix = "event";
  const category = fieldProps(prefix, "category", errors);
  const description = fieldProps(prefix, "description", errors);
  const capacity = fieldProps(prefix, "capacity", errors);
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-4">
      {eventId !== undefined && <input type="hidden" name="eventId" value={eventId} />}
      <FormDone state={state} />
      <FormAlert id="event-alert" ref={alertRef} message={formMessage(state)} />
      <TextField prefix={prefix} name="title" label="Title" errors={errors} defaultValue={v("title")} maxLength={EVENT_LIMITS.title} />
      <div>
        <label htmlFor={category.id} className="font-medium">
          Category
        </label>
        {/* A select takes a new default only when mounted: the key remounts it with what was sent, so React's form reset keeps it. */}
        <select key={`category-${v("category")}`} {...category} required defaultValue={v("category")} className={inputClass}>
          <option value="">Choose a category</option>
          {eventCategories.map((c) => (
            <option key={c} value={c}>
              {eventCategoryLabels[c]}
            </option>
          ))}
        </select>
        <FieldError id={`${category.id}-error`} message={errors.category} />
      </div>
      <fieldset className="space-y-3">
        <legend className="font-medium">When (Central Time)</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField prefix={prefix} name="date" label="Date" type="date" errors={errors} defaultValue={v("date")} />
          <TextField prefix={prefix} name="startTime" label="Starts" type="time" errors={errors} defaultValue={v("startTime")} />
          <TextField prefix={prefix} name="endTime" label="Ends" type="time" errors={errors} defaultValue={v("endTime")} />
        </div>
      </fieldset>
      <LocationFields errors={errors} locations={locations} chosen={echoed ? { location: echoed.location ?? "", other: echoed.locationOther ?? "" } : locationChoice(v("location"), locations)} />
      <TextField
        prefix={prefix}
        name="instructor"
        label="Instructor (optional)"
        hint="Leave it empty when nobody teaches, as at a cookout."
        required={false}
        errors={errors}
        defaultValue={v("instructor")}
        maxLength={EVENT_LIMITS.instructor}
      />
      <fieldset>
        <legend className="font-medium">Capacity</legend>
        <div className="mt-1 grid gap-3 sm:grid-cols-[12rem_1fr] sm:items-end">
          <div>
            <label htmlFor={capacity.id}>Seats</label>
            <input {...capacity} type="number" inputMode="numeric" min={1} max={EVENT_LIMITS.capacity} step={1} defaultValue={v("capacity")} className={inputClass} />
          </div>
          <div className="flex items-center gap-2 pb-2">
            <input id="event-unlimited" name="unlimited" type="checkbox" value="yes" defaultChecked={unlimited} className="size-5" />
            <label htmlFor="event-unlimited">Unlimited (no seat limit)</label>
          </div>
        </div>
        <FieldError id={`${capacity.id}-error`} message={errors.capacity} />
      </fieldset>
      <RegistrationFields errors={errors} v={v} opensLater={opensLater} eligibility={eligibility} />
      <div>
        <label htmlFor={description.id} className="font-medium">
          Description
        </label>
        <textarea {...description} required rows={6} maxLength={EVENT_LIMITS.description} defaultValue={v("description")} className={inputClass} />
        <FieldError id={`${description.id}-error`} message={errors.description} />
      </div>
      <PendingSubmit label={submitLabel} pendingLabel="Saving..." />
    </form>
  );
}

/** What the location select shows for a saved place: a training location, or "Other" with the place typed. */
function locationChoice(location: string, locations: readonly string[]): { location: string; other: string } {
  if (location === "" || locations.includes(location)) return { location, other: "" };
  return { location: OTHER_LOCATION, other: location };
}

/**
 * The training locations to choose from, and "Other" with a field for any other place (a park for a
 * ruck march, a hall for a cookout). Both are plain inputs, so the form works without JavaScript.
 */
function LocationFields({ errors, locations, chosen }: { errors: Partial<Record<string, string>>; locations: readonly string[]; chosen: { location: string; other: string } }) {
  const prefix = "event";
  const location = fieldProps(prefix, "location", errors);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={location.id} className="font-medium">
          Location
        </label>
        <select key={`location-${chosen.location}`} {...location} required defaultValue={chosen.location} className={inputClass}>
          <option value="">Choose a location</option>
          {locations.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
          <option value={OTHER_LOCATION}>Other (type it in the next field)</option>
        </select>
        <FieldError id={`${location.id}-error`} message={errors.location} />
      </div>
      <TextField
        prefix={prefix}
        name="locationOther"
        label="Other location"
        hint="Only when the location is Other: the place and town."
        required={false}
        errors={errors}
        defaultValue={chosen.other}
        maxLength={EVENT_LIMITS.location}
      />
    </div>
  );
}

/**
 * When registration opens (now, or at a date and time for everyone), the priority window before that
 * for Premium and Elite members, and which plans may register at all (ADR 0019). Plain inputs, so the
 * form works without JavaScript; the service checks the opening against the event's start.
 */
function RegistrationFields({
  errors,
  v,
  opensLater,
  eligibility,
}: {
  errors: Partial<Record<string, string>>;
  v: (name: keyof EventFormValues) => string;
  opensLater: boolean;
  eligibility: string;
}) {
  const prefix = "event";
  const opens = fieldProps(prefix, "opens", errors);
  const days = fieldProps(prefix, "priorityDays", errors);
  const who = fieldProps(prefix, "eligibility", errors);
  const daysHint = `${days.id}-hint`;
  return (
    <fieldset className="space-y-3">
      <legend className="font-medium">Registration</legend>
      <fieldset aria-describedby={errors.opens ? `${opens.id}-error` : undefined}>
        <legend>Opens to everyone</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
          <div className="flex items-center gap-2">
            <input id="event-opens-now" name="opens" type="radio" value="now" defaultChecked={!opensLater} className="size-5" />
            <label htmlFor="event-opens-now">Now</label>
          </div>
          <div className="flex items-center gap-2">
            <input id="event-opens-later" name="opens" type="radio" value="later" defaultChecked={opensLater} className="size-5" />
            <label htmlFor="event-opens-later">Later, on the day and at the time below</label>
          </div>
        </div>
        <FieldError id={`${opens.id}-error`} message={errors.opens} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField prefix={prefix} name="opensDate" label="Opening day (Central Time)" type="date" required={false} errors={errors} defaultValue={v("opensDate")} />
        <TextField prefix={prefix} name="opensTime" label="Opening time (Central Time)" type="time" required={false} errors={errors} defaultValue={v("opensTime")} />
      </div>
      <div>
        <label htmlFor={days.id} className="font-medium">
          Priority window (days)
        </label>
        <p id={daysHint} className="text-sm text-navy-700">
          Premium and Elite members may register this many days before everyone. Leave empty for none.
        </p>
        <input
          {...days}
          aria-describedby={[daysHint, days["aria-describedby"]].filter(Boolean).join(" ")}
          type="number"
          inputMode="numeric"
          min={1}
          max={EVENT_LIMITS.priorityDays}
          step={1}
          defaultValue={v("priorityDays")}
          className={`${inputClass} sm:max-w-48`}
        />
        <FieldError id={`${days.id}-error`} message={errors.priorityDays} />
      </div>
      <div>
        <label htmlFor={who.id} className="font-medium">
          Who may register
        </label>
        <select {...who} defaultValue={eligibility} className={inputClass}>
          {eligibilities.map((e) => (
            <option key={e} value={e}>
              {eligibilityLabels[e]}
            </option>
          ))}
        </select>
        <FieldError id={`${who.id}-error`} message={errors.eligibility} />
      </div>
    </fieldset>
  );
}

/** Cancelling needs a ticked box: a deliberate second step that works without JavaScript. */
export function CancelEventForm({ eventId, title, people }: { eventId: number; title: string; people: number }) {
  const { state, formAction, formRef, alertRef, errors, echoed } = useActionForm<never>(cancelEventAction as FormAction<never>);
  const confirm = fieldProps("cancel", "confirm", errors);
  const reason = fieldProps("cancel", "reason", errors);
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-3">
      <input type="hidden" name="eventId" value={eventId} />
      <FormAlert id="cancel-alert" ref={alertRef} message={formMessage(state)} />
      <div>
        <label htmlFor={reason.id} className="font-medium">
          Reason (optional, goes into the email)
        </label>
        <textarea {...reason} rows={3} maxLength={EVENT_LIMITS.cancellationReason} defaultValue={echoed?.reason} className={inputClass} />
        <FieldError id={`${reason.id}-error`} message={errors.reason} />
      </div>
      <div className="flex items-start gap-2">
        <input {...confirm} type="checkbox" value="yes" className="mt-1 size-5" />
        <label htmlFor={confirm.id}>
          Yes, cancel {title}: {people === 1 ? "the 1 person" : `the ${people} people`} registered or waiting {people === 1 ? "is" : "are"} emailed, and
          their calendar entries turn cancelled.
        </label>
      </div>
      <FieldError id={`${confirm.id}-error`} message={errors.confirm} />
      <PendingSubmit label="Cancel event" pendingLabel="Cancelling..." variant="desk-danger" />
    </form>
  );
}

export function EmailAttendeesForm({ eventId }: { eventId: number }) {
  const { state, formAction, formRef, alertRef, errors, echoed } = useActionForm<DeskMessage>(emailAttendeesAction);
  const message = fieldProps("mail", "message", errors);
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-3">
      <input type="hidden" name="eventId" value={eventId} />
      <FormDone state={state} />
      <FormAlert id="mail-alert" ref={alertRef} message={formMessage(state)} />
      <TextField prefix="mail" name="subject" label="Subject" errors={errors} defaultValue={echoed?.subject} maxLength={EVENT_LIMITS.subject} />
      <div>
        <label htmlFor={message.id} className="font-medium">
          Message
        </label>
        <textarea {...message} required rows={6} maxLength={EVENT_LIMITS.message} defaultValue={echoed?.message} className={inputClass} />
        <FieldError id={`${message.id}-error`} message={errors.message} />
      </div>
      <PendingSubmit label="Send to all attendees" pendingLabel="Sending..." />
    </form>
  );
}
