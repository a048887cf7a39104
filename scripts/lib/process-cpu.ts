/**
 * CPU time on Linux, read from /proc: a process with everything it started, and the whole machine's.
 * Elsewhere (no /proc) both read undefined, and the figures that use them are left out.
 */
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

function read(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** User and system seconds of one process (not of its children). */
function ownSeconds(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return 0;
  // The command name in parentheses may hold spaces: the fields are counted after its closing one.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((task) => (read(`/proc/${pid}/task/${task}/children`) ?? "").split(" ").filter(Boolean).map(Number));
}

/** The CPU seconds used so far by a process and every process it started that still runs. */
export function treeCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined || read(`/proc/${pid}/stat`) === undefined) return undefined;
  let total = 0;
  const queue = [pid];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    total += ownSeconds(next);
    queue.push(...childrenOf(next));
  }
  return total;
}

/** The seconds every core of the machine has spent busy so far (all but idle and I/O wait). */
export function machineBusySeconds(): number | undefined {
  const line = read("/proc/stat")?.split("\n", 1)[0];
  if (!line?.startsWith("cpu ")) return undefined;
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_SECOND;
}
