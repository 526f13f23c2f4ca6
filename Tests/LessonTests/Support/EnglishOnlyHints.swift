import Testing

// Transitional: hints written in English only, until every lesson's hints are `Text`.
extension Kata {
    static func expectSameLines(_ actual: [String], _ expected: [String], hint: String,
                                expectedTitle: String = HarnessText.expectedTitle.localized,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        expectSameLines(actual, expected, hint: Text(en: hint, zh: hint), expectedTitle: Text(en: expectedTitle, zh: expectedTitle), sourceLocation: sourceLocation)
    }
}
