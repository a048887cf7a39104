import { sortOrderField, type FieldSpec } from "@/components/staff/content-fields";
import { COURSE_DURATIONS, COURSE_LEVELS, trainingLimits as limits } from "../../training-desk.schema";

const programFields: FieldSpec[] = [
  { kind: "text", name: "title", label: "Title", maxLength: limits.title },
  { kind: "text", name: "summary", label: "One-line summary", maxLength: limits.summary },
  { kind: "textarea", name: "description", label: "Description", maxLength: limits.description, rows: 5 },
  { kind: "text", name: "imagePath", label: "Picture", maxLength: 200, hint: "The path of a picture already on the site, like /images/programs/fitness.webp." },
  { kind: "text", name: "imageAlt", label: "Picture description", maxLength: limits.imageAlt, hint: "What a screen reader says instead of the picture." },
  { kind: "checkbox", name: "isCore", label: "One of the main programs", hint: "Main programs get their own section on the training page; the others are listed under “More programs”." },
  sortOrderField,
];

export const editProgramFields = programFields;

export const newProgramFields: FieldSpec[] = [
  { kind: "text", name: "slug", label: "Web address", maxLength: limits.slug, hint: "The end of the program's address, /training/…: lower-case words joined by dashes, like martial-arts. It cannot change later." },
  ...programFields,
];

export const courseFields: FieldSpec[] = [
  { kind: "text", name: "title", label: "Course title", maxLength: limits.courseTitle },
  { kind: "select", name: "level", label: "Level", options: COURSE_LEVELS },
  { kind: "select", name: "duration", label: "Duration", options: COURSE_DURATIONS },
  { ...sortOrderField, hint: undefined },
];
