import Testing
@Test func placeholderEngineTests() { #expect(Bool(true)) }
