// Written by `swift run kata dev sync` from the files of this folder (LessonNN.swift): do not edit.

extension CourseLesson {
    /// Every lesson, in order.
    public static let all: [CourseLesson] = [
        .lesson01,
        .lesson02,
        .lesson03,
        .lesson04,
        .lesson05,
        .lesson06,
        .lesson07,
        .lesson08,
        .lesson09,
        .lesson10,
        .lesson11,
        .lesson12,
        .lesson13,
        .lesson14,
        .lesson15,
        .lesson16,
        .lesson17,
        .lesson18,
        .lesson19,
        .lesson20,
        .lesson21,
        .lesson22,
        .lesson23,
        .lesson24,
        .lesson25,
    ]
}
