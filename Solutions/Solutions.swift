// The lessons, solved: one folder per lesson, the same files as Exercises/.
// `swift test --traits Solutions` runs every lesson against this module. No peeking before you solve it:
// `swift run kata show N --solution` shows one once its lesson is green.
