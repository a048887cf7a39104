import type { ImageRef } from "@/lib/image-url";
import { LeaderPhoto } from "./leader-photo";

export interface LeaderItem {
  slug: string;
  name: string;
  role: string;
  service: string;
  bio: string;
  imagePath: string;
  imageAlt: string;
  image: ImageRef | null;
}

function LeaderCard({ leader }: { leader: LeaderItem }) {
  return (
    <article className="flex h-full flex-col items-center rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-navy-900/10">
      <LeaderPhoto leader={leader} className="size-40 rounded-full object-cover ring-4 ring-sand-200" />
      <h3 className="mt-5 text-xl font-bold">{leader.name}</h3>
      <p className="font-semibold text-olive-700">{leader.role}</p>
      <p className="mt-1 text-sm text-navy-700">{leader.service}</p>
      <p className="mt-4 text-navy-800">{leader.bio}</p>
    </article>
  );
}

/** The leadership team: photo, name, role, service line and a short bio each. */
export function LeadershipGrid({ leaders }: { leaders: LeaderItem[] }) {
  return (
    <section aria-labelledby="leadership" className="container-page py-16">
      <h2 id="leadership" className="text-3xl font-bold tracking-tight">Our leadership</h2>
      <p className="mt-3 max-w-2xl text-navy-800">
        Veterans and military family members who volunteer their time to lead our programs.
      </p>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {leaders.map((leader) => (
          <li key={leader.slug}>
            <LeaderCard leader={leader} />
          </li>
        ))}
      </ul>
    </section>
  );
}
