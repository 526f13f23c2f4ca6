import Testing
@Test func placeholderKataTests() { #expect(Bool(true)) }
