// The code you write: one folder per lesson (NN-slug), each with the file its lesson page names.
// Start with `swift run kata`. This module is built for `swift test`; `swift test --traits Solutions`
// builds the lesson tests against Solutions/ instead.
