import { checkHealth } from "@/lib/health.service";

export const dynamic = "force-dynamic";

/** For load balancers and uptime monitors: 200 while the database answers, 503 when it does not. */
export async function GET(): Promise<Response> {
  const report = await checkHealth();
  return Response.json(report, {
    status: report.database.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
