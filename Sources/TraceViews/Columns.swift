extension String {
    /// The columns a terminal gives the string: two for each East Asian wide character
    /// (CJK ideographs, kana, hangul, full-width forms), one for any other.
    public var columns: Int {
        unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0xA4CF, 0xAC00...0xD7A3,
                0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6:
                total + 2
            default: total + 1
            }
        }
    }

    /// The string followed by spaces up to `length` columns.
    public func padding(toLength length: Int) -> String {
        columns >= length ? self : self + String(repeating: " ", count: length - columns)
    }

    /// Spaces, then the string, up to `length` characters.
    func leftPadding(toLength length: Int) -> String {
        count >= length ? self : String(repeating: " ", count: length - count) + self
    }
}
