// Where the tests' code was loaded from: one of the two KataTests sources (with
// QuizSnippetSDK.swift) in this Platform/ folder, the only ones that import the C library
// (Glibc or Darwin) or name an operating system.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file the dynamic loader loaded some code from: the test binary itself, however it was
/// started. On Linux that is the process's executable (`…/debug/<Package>PackageTests.xctest`);
/// on macOS a bundle (`…/debug/<Package>PackageTests.xctest/Contents/MacOS/<Package>PackageTests`)
/// that `swiftpm-testing-helper` or `xctest` opens with `dlopen`, where neither the process's
/// arguments nor `Bundle.main` name it.
enum TestImage {
    /// The image holding `address` (`#dsohandle` names the caller's own), as `dladdr` reports
    /// it; nil if the loader does not know it.
    static func path(containing address: UnsafeRawPointer) -> String? {
        #if canImport(Darwin)
        var info = Dl_info()
        guard dladdr(address, &info) != 0, let name = info.dli_fname else { return nil }
        return String(cString: name)
        #else
        // Glibc declares dladdr only for _GNU_SOURCE, which Swift's Glibc module is built
        // without: it is looked up by name. Its Dl_info is four pointers, the first the file.
        typealias LookUp = @convention(c) (UnsafeRawPointer, UnsafeMutableRawPointer) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "dladdr") else { return nil }   // RTLD_DEFAULT
        var info = ImageInfo()
        let found = withUnsafeMutableBytes(of: &info) { unsafeBitCast(symbol, to: LookUp.self)(address, $0.baseAddress!) }
        guard found != 0, let name = info.file else { return nil }
        return String(cString: name)
        #endif
    }

    #if !canImport(Darwin)
    /// Glibc's `Dl_info`: `dli_fname`, `dli_fbase`, `dli_sname`, `dli_saddr`.
    struct ImageInfo {
        var file: UnsafePointer<CChar>? = nil
        var base: UnsafeMutableRawPointer? = nil
        var symbolName: UnsafePointer<CChar>? = nil
        var symbolAddress: UnsafeMutableRawPointer? = nil
    }
    #endif
}
