import { ServerImage } from "@/components/ui/server-image";
import { site } from "@/lib/site";

/** How the association started, told in a few short paragraphs beside the campfire artwork. */
export function AboutStory() {
  return (
    <section aria-labelledby="our-story" className="container-page grid items-center gap-10 py-16 lg:grid-cols-2 lg:gap-16">
      <ServerImage
        src="/images/about-story.webp"
        alt="Veterans sitting around a campfire under a starry sky"
        width={1200}
        height={800}
        sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
        preload
        className="aspect-[3/2] h-auto w-full rounded-xl object-cover shadow-md"
      />
      <div className="space-y-4 text-navy-800">
        <p className="text-sm font-semibold uppercase tracking-widest text-olive-700">Founded in {site.foundedYear}</p>
        <h2 id="our-story" className="text-3xl font-bold tracking-tight text-navy-900">Our story</h2>
        <p>
          {site.name} was founded in {site.foundedYear} in {site.address.city}, Texas — Military City, USA. That spring, as
          gyms closed and reunions were cancelled, our founder Marcus Reed, a retired Army soldier with 22 years of service,
          watched too many friends lose the one thing the military had always given them: a team.
        </p>
        <p>
          So he started small. A handful of veterans met at dawn on Saturdays for a socially distanced ruck through the
          park, then stayed for coffee and conversation. Spouses joined, then neighbors, then first-time civilians who
          simply wanted to learn from people who had served. Within a year those Saturday rucks had grown into structured
          fitness classes, safety-first firearms courses and a calendar of community events.
        </p>
        <p>
          Today we are a nonprofit led by veterans and military family members, powered by volunteers. Our programs are open to
          service members, veterans, their families and the civilians who support them — because the sense of purpose and
          belonging we found in uniform should not end when the uniform comes off.
        </p>
      </div>
    </section>
  );
}
