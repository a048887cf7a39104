"use server";

import { z } from "zod";
import type { Permission } from "@/lib/access-control";
import { confirmImportAction, uploadImportAction } from "@/lib/csv-import/import-actions";
import type { FormState } from "@/lib/form-state";
import { membersImport } from "../members-import.service";

const MEMBERS: Permission = { member: ["update"] };
const page = { path: "/admin/members/import", revalidate: ["/admin/members", "/admin/memberships", "/admin"] };
const upload = uploadImportAction(membersImport, MEMBERS, z.object({}), page);
const confirm = confirmImportAction(membersImport, MEMBERS, page);

/** The members file: kept for its preview (src/server's upload limits name this action). */
export async function uploadMembersCsvAction(previous: FormState<never>, formData: FormData): Promise<FormState<never>> {
  return upload(previous, formData);
}

export async function confirmMembersImportAction(previous: FormState<never>, formData: FormData): Promise<FormState<never>> {
  return confirm(previous, formData);
}
