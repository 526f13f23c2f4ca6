/// Every lesson, in order. Each lesson's entry lives in `Lessons/LessonNN.swift` beside this file,
/// and the list follows from those files (``CourseLesson/all``).
public enum Catalog {
    public static let lessons: [Lesson] = CourseLesson.all.map(\.lesson)

    /// A workshop's path through the course: `kata list --track NAME`, the agendas of docs/WORKSHOP.md.
    public enum Track: String, CaseIterable, Sendable {
        /// 90 minutes: the six behaviours of the course's brief.
        case core
        /// Half a day: the core, with the lessons they lean on and the keep-alive thread.
        case halfDay = "half-day"
        /// A day: every lesson.
        case full

        /// The track's lessons (numbers), in the order to do them.
        public var lessonNumbers: [Int] {
            switch self {
            case .core: [2, 3, 6, 7, 8, 10]
            case .halfDay: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
            case .full: Catalog.lessons.map(\.number)
            }
        }

        /// The track's lessons, in order.
        public var lessons: [Lesson] { lessonNumbers.compactMap(Catalog.lesson) }
    }

    /// The lesson with this number, if there is one.
    public static func lesson(_ number: Int) -> Lesson? {
        lessons.first { $0.number == number }
    }
}
