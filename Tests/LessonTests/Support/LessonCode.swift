// The one switch between the student's code and the solutions: `swift test` builds the lesson
// tests against Exercises/, `swift test --traits Solutions` against Solutions/.
#if Solutions
@_exported import Solutions
#else
@_exported import Exercises
#endif
@_exported import RunLoopEngine
@_exported import KataCore
@_exported import TraceViews
@_exported import TestSupport
