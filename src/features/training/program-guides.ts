/**
 * Practical copy for each program's detail page: who it suits and what to bring.
 * Kept beside the training feature (not in the page) so content edits stay out of routing code.
 */
export interface ProgramGuide {
  /** One-line promise shown under the hero title. */
  tagline: string;
  whoItsFor: string[];
  whatToBring: string[];
  /** Where the program usually meets. */
  location: string;
}

const guides: Record<string, ProgramGuide> = {
  firearms: {
    tagline: "Safety first, fundamentals always — from your first grip to precision at distance.",
    whoItsFor: [
      "First-time shooters who want a patient, judgment-free start",
      "Veterans and service members refreshing skills after time away",
      "Military spouses and family members building confidence at home",
      "Experienced shooters ready for defensive or long-range work",
    ],
    whatToBring: [
      "A valid government-issued photo ID (participants must be 18 or older)",
      "Closed-toe shoes, a brimmed cap and a high-neck shirt to keep hot brass out",
      "Water, sunscreen and a snack — Texas range days run hot",
      "Your own firearm and ammunition only if your course confirmation asks for it; loaner equipment is available for Safety Fundamentals",
      "Eye and ear protection are provided, but you are welcome to bring your own",
    ],
    location: "Liberty Range, Bulverde, TX",
  },
  fitness: {
    tagline: "Military-style conditioning, scaled to you, done together.",
    whoItsFor: [
      "Anyone starting (or restarting) a strength routine",
      "Veterans who miss the structure and accountability of unit PT",
      "Rucking enthusiasts preparing for memorial marches and events",
      "Family members and supporters who want a team to train with",
    ],
    whatToBring: [
      "Athletic shoes and clothing you can move in",
      "A full water bottle — we take hydration breaks seriously",
      "A small towel",
      "For Ruck Ready: a ruck and 20–30 lbs of weight (we help you build up to it)",
      "Any notes from your doctor about injuries or limits, so coaches can scale safely",
    ],
    location: "Headquarters & Fitness Center, San Antonio, TX",
  },
  tactical: {
    tagline: "Planning, awareness and leadership lessons earned in uniform, translated for civilian teams.",
    whoItsFor: [
      "Team leads, managers and supervisors in any industry",
      "Churches, schools and small businesses building safety and emergency plans",
      "Veterans who want to put their leadership experience into words",
      "Families who want a practical household preparedness plan",
    ],
    whatToBring: [
      "A notebook and pen — these are classroom and tabletop courses",
      "For organizations: a floor plan or site map of your facility, if you can share it",
      "Questions and real situations from your workplace or community",
      "Comfortable clothes for the short walk-through exercises",
    ],
    location: "Headquarters & Fitness Center, San Antonio, TX, or on site at your organization",
  },
  "martial-arts": {
    tagline: "Discipline, self-defense and focus, in a room where everyone looks out for each other.",
    whoItsFor: [
      "Complete beginners — no experience or fitness test required",
      "Veterans looking for a structured, respectful outlet",
      "Adults and older teens (16+ with a parent's consent) who want practical self-defense",
      "Experienced grapplers and strikers who want good training partners",
    ],
    whatToBring: [
      "Athletic clothing without zippers or buttons (a gi is optional for jiu-jitsu)",
      "Water and a towel",
      "Flip-flops or sandals for walking off the mat",
      "A mouthguard for sparring rounds in Advanced Self-Defense",
      "Short, clean fingernails and toenails — it keeps partners safe",
    ],
    location: "Austin Community Hall, Austin, TX",
  },
  outdoor: {
    tagline: "Trade the noise for the trail: hiking, camp craft and quiet time outdoors.",
    whoItsFor: [
      "Veterans and families who want to reconnect outdoors",
      "Newcomers to hiking and camping — we teach the basics",
      "Experienced hikers who want company and a well-planned trip",
      "Anyone who wants wilderness first-aid skills for trips with friends and family",
    ],
    whatToBring: [
      "Broken-in hiking boots or trail shoes",
      "At least two liters of water and trail snacks",
      "Layered, weather-appropriate clothing and a rain shell",
      "For Weekend Backpacking: your own pack and sleeping bag if you have them — loaner gear is available on request",
      "Any personal medication, and a note of allergies for the trip leader",
    ],
    location: "Hill Country Outdoor Base, Boerne, TX",
  },
};

const fallback: ProgramGuide = {
  tagline: "Veteran-led training for every level.",
  whoItsFor: ["Service members, veterans, military families and civilian supporters of every level"],
  whatToBring: ["Comfortable clothing, water and a positive attitude"],
  location: "See the calendar for session locations",
};

export function programGuide(id: string): ProgramGuide {
  return guides[id] ?? fallback;
}
