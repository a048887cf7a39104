import { contentLimits as limits } from "../../content-desk.schema";
import { sortOrderField, type FieldSpec } from "@/components/staff/content-fields";

export const faqFields: FieldSpec[] = [
  { kind: "text", name: "question", label: "Question", maxLength: limits.question },
  { kind: "textarea", name: "answer", label: "Answer", maxLength: limits.answer, rows: 5 },
  sortOrderField,
];

export const leaderFields: FieldSpec[] = [
  { kind: "text", name: "name", label: "Name", maxLength: limits.name },
  { kind: "text", name: "role", label: "Role", maxLength: limits.role, hint: "For example: Director of Training." },
  { kind: "text", name: "service", label: "Service", maxLength: limits.service, hint: "For example: U.S. Navy Hospital Corpsman, 10 years." },
  { kind: "textarea", name: "bio", label: "Short bio", maxLength: limits.bio, rows: 4 },
  {
    kind: "file",
    name: "photo",
    label: "Upload a photo",
    accept: "image/jpeg,image/png,image/webp,image/avif,image/heic",
    hint: "JPEG, PNG, WebP or AVIF, at most 10 MB and at least 200 pixels on each side; it replaces the current photo. After a correction, choose the file again.",
  },
  { kind: "text", name: "imagePath", label: "Or the path of a photo on the site", maxLength: limits.imagePath, hint: "Used when no photo was uploaded, like /images/team/elena-vasquez.webp." },
  { kind: "text", name: "imageAlt", label: "Photo description", maxLength: limits.imageAlt, hint: "What a screen reader says instead of the photo, like “Portrait of Elena Vasquez”." },
  sortOrderField,
];

export const locationFields: FieldSpec[] = [
  { kind: "text", name: "name", label: "Name", maxLength: limits.name },
  { kind: "text", name: "street", label: "Street address", maxLength: limits.street },
  { kind: "text", name: "city", label: "City", maxLength: limits.city },
  { kind: "text", name: "region", label: "State", maxLength: limits.region },
  { kind: "text", name: "postalCode", label: "ZIP code", maxLength: 10 },
  { kind: "textarea", name: "description", label: "What happens there", maxLength: limits.locationDescription, rows: 3 },
  sortOrderField,
];

export const siteContactFields: FieldSpec[] = [
  { kind: "text", type: "email", name: "email", label: "Email address", maxLength: limits.email },
  { kind: "text", type: "tel", name: "phone", label: "Phone number", maxLength: limits.phone, hint: "Written as visitors should read it, like (210) 555-0142." },
  { kind: "text", name: "phoneHours", label: "Phone hours", maxLength: limits.phoneHours, hint: "For example: Monday to Friday, 9AM to 5PM CT." },
  { kind: "text", name: "street", label: "Headquarters street address", maxLength: limits.street },
  { kind: "text", name: "city", label: "City", maxLength: limits.city },
  { kind: "text", name: "region", label: "State", maxLength: limits.region },
  { kind: "text", name: "postalCode", label: "ZIP code", maxLength: 10 },
];

/** A row's values as the form's text fields. */
