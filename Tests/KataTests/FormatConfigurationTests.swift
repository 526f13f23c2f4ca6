import Foundation
import Testing

/// `.swift-format` is read by every swift-format the README's toolchains ship, from 6.1 on.
@Suite("The checked-in .swift-format", .inEnglish)
struct FormatConfigurationTests {
    static let root = PackageRoot.path

    /// swift-format 6.1 decodes `reflowMultilineStringLiterals` only in its object form and
    /// refuses the whole file ("Unable to read configuration") for the string form later versions
    /// write; its default, `never`, is what the package wants, so the key is left out.
    @Test("It is JSON, and has no option swift-format 6.1 cannot read")
    func readableBySwiftFormat61() throws {
        let data = try #require(FileManager.default.contents(atPath: Self.root + "/.swift-format"))
        let configuration = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(configuration["reflowMultilineStringLiterals"] == nil)
        #expect(configuration["lineLength"] != nil, "the package's own settings are there")
    }
}
