import Foundation

/// The folder of the package under test: the nearest one above this file that holds a
/// Package.swift (the checkout, wherever it was cloned or unzipped).
enum PackageRoot {
    static let path: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        return FileManager.default.currentDirectoryPath
    }()

    static var url: URL { URL(fileURLWithPath: path) }
}
