// Written by `swift run kata dev sync` from Sources/KataCore/Lessons/ (one tag a lesson): do not edit.

import Testing

extension Tag {
    @Tag static var lesson01: Self
    @Tag static var lesson02: Self
    @Tag static var lesson03: Self
    @Tag static var lesson04: Self
    @Tag static var lesson05: Self
    @Tag static var lesson06: Self
    @Tag static var lesson07: Self
    @Tag static var lesson08: Self
    @Tag static var lesson09: Self
    @Tag static var lesson10: Self
    @Tag static var lesson11: Self
    @Tag static var lesson12: Self
    @Tag static var lesson13: Self
    @Tag static var lesson14: Self
    @Tag static var lesson15: Self
    @Tag static var lesson16: Self
    @Tag static var lesson17: Self
    @Tag static var lesson18: Self
    @Tag static var lesson19: Self
    @Tag static var lesson20: Self
    @Tag static var lesson21: Self
    @Tag static var lesson22: Self
    @Tag static var lesson23: Self
    @Tag static var lesson24: Self
    @Tag static var lesson25: Self
}
