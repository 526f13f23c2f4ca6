import Foundation
import KataCLI

exit(Kata.main(Array(CommandLine.arguments.dropFirst())))
