#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import KataCLI

/// How the tests start a program they watch to its end (the `kata` of a ``KataFixture``): as
/// `kata` starts its own children, with `posix_spawn`, its ending collected with `waitpid`
/// (``ChildProcess/ending()``).
///
/// Not Foundation's `Process`: on Linux it learns that a child ended when a socket the child
/// holds is closed, and that socket is inherited, without close-on-exec, by any process another
/// test starts meanwhile (a build, a `sleep`); until that one ends too, the child looks alive.
extension ChildProcess {
    /// Starts `arguments` (the first looked up on PATH) with exactly `environment`, in a process
    /// group of its own, its standard input read from the file `input` and its standard output
    /// and error written to the files `output` and `errors`, opened in the child only.
    /// - Returns: the child, or the error `posix_spawnp` returned.
    static func spawn(
        _ arguments: [String], environment: [String: String], input: String, output: String, errors: String
    ) -> Result<ChildProcess, SpawnError> {
        posixSpawn(arguments, environment: environment, newProcessGroup: true) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }.map { ChildProcess(pid: $0) }
    }
}
