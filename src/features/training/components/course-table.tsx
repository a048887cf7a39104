import type { Course } from "../training.queries";

const levelStyles: Record<Course["level"], string> = {
  Beginner: "bg-olive-600 text-white",
  Intermediate: "bg-navy-800 text-white",
  Advanced: "bg-gold-500 text-navy-900",
  "All Levels": "bg-sand-200 text-navy-900",
};

/** A program's courses as a real table: title, level and duration. */
export function CourseTable({ programTitle, courses }: { programTitle: string; courses: Course[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-navy-900/10 bg-white">
      <table className="w-full text-left text-sm sm:text-base">
        <caption className="sr-only">{programTitle} courses</caption>
        <thead className="bg-navy-900 text-white">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Course</th>
            <th scope="col" className="px-4 py-3 font-semibold">Level</th>
            <th scope="col" className="px-4 py-3 font-semibold">Duration</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-900/10">
          {courses.map((course) => (
            <tr key={course.title}>
              <th scope="row" className="px-4 py-3 font-medium">{course.title}</th>
              <td className="px-4 py-3">
                <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${levelStyles[course.level]}`}>
                  {course.level}
                </span>
              </td>
              <td className="whitespace-nowrap px-4 py-3">{course.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
