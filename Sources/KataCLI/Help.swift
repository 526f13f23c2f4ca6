/// `kata --help` and `kata COMMAND --help`.
enum Help {
    static let exitCodes = """
        Exit codes:
          0    done
          1    a check failed (verify found a mismatch; show --solution before the lesson is green)
          2    bad usage, or not inside the RunLoop Kata package
          3    the package does not build, or a tool kata needs (swift, git) failed
          130  interrupted (Ctrl-C); 143 terminated (SIGTERM); 129 the terminal hung up
        """

    static let overview = """
        kata — learn how Apple's run loop works by making failing tests pass

        usage: swift run kata [COMMAND] [OPTIONS]

          list [--track T]     every lesson (or a workshop track's), its status, your progress (the default)
          next                 the lesson to work on now: what to write, and where
          show N [--solution]  lesson N: summary, task, current failures (its solution once green)
          hint N               the next hint for lesson N (one more each time)
          watch [N]            re-run the current lesson whenever you save; move on when green
          trace [NAME] [--svg FILE]  draw a scenario's timeline on the reference engine (as a picture)
          reset N [--yes]      put lesson N's exercise back to its original stub (asks first)
          quiz [N]             predict what the loop does, then watch the reference engine do it
          verify               maintainers: Solutions green, untouched Exercises red, no crash
          verify --mutants [N…]  maintainers: every wrong answer in Mutants/ turns its lesson red

        `kata help COMMAND` or `kata COMMAND --help` explains one command.
        Progress: .kata/progress.json; each lesson's last result: .kata/results.json.
        Builds: .build/kata-exercises (.build/kata-shadow when an exercise does not compile),
        .build/kata-verify, also for --mutants (never .build itself, so kata and your own
        swift build don't wait for each other). NO_COLOR=1 turns colours off.

        \(exitCodes)
        """

    static func text(for command: String?) -> String {
        guard let command, let text = commands[command] else { return overview }
        return text + "\n\n" + exitCodes
    }

    static let commands: [String: String] = [
        "list": """
            usage: kata list [--track core|half-day|full]        (also: kata)

            Builds the lessons if needed, runs every lesson's tests against your Exercises/ and
            prints one line per lesson: number, title, level (★ to ★★★), what you write (build: a
            mechanism of the loop; use: client code), tests passing, status — solved, failing,
            not started (every test still hits the stub), crashed, did not finish — then a
            progress bar and the lesson to do next.
              --track T   only the lessons of a workshop track, in order, and the next of
                          them: core (the six core lessons, 90 minutes), half-day, full
                          (see docs/WORKSHOP.md).
            """,
        "next": """
            usage: kata next

            The lesson to work on now: the current lesson if it is not solved, else the first
            unsolved one after it. Shows what the lesson teaches, the page to read, the file
            and the function to write, how to run it alone, and what fails now.
            """,
        "show": """
            usage: kata show N [--solution]

            Lesson N: what it teaches, the page, the file and function to write, the command that
            runs it alone, and its current failures in one line each.
              --solution, -s   also print the solution — only once the lesson is green
                               (exit 1 before that).
            """,
        "hint": """
            usage: kata hint N

            The hints for lesson N seen so far, plus one more each time you ask, until all of
            them are shown. kata remembers how many you have seen (.kata/progress.json).
            The lesson page (Lessons/NN-slug.md) has the same hints, folded.
            """,
        "watch": """
            usage: kata watch [N]

            Runs the current lesson (or lesson N) now and again whenever a .swift file under
            Exercises/ changes (checked twice a second). When the lesson turns green it says so
            and moves on to the next unsolved lesson. Compiler errors are shown; fix and save.
            Ctrl-C leaves: the test run is ended, your progress is already saved.
            """,
        "trace": """
            usage: kata trace [NAME] [--svg FILE]
                   kata trace --write-lesson-images

            Runs a named scenario on the reference engine (a virtual clock: instant, and the
            same every time) and draws its timeline: modes, observer activities, callouts.
            Without NAME: the list of scenarios.
              --svg FILE              draw the timeline as an SVG picture into FILE instead: one
                                      lane per mode, nested runs stacked, time left to right,
                                      large type and a legend (for a page or a projector).
              --write-lesson-images   draw every lesson's key scenario into its page's picture,
                                      Lessons/images/NN-slug.svg (maintainers; a test fails when
                                      a committed picture is out of date).
            """,
        "reset": """
            usage: kata reset N [--yes]

            Puts lesson N's exercise file back to its original stub: the newest version in git's
            history that is still a full stub, so a commit of your own work is never taken for
            the original. Says how many lines you would lose and asks y/N; --yes, -y skips the
            question. Your version is kept in .kata/backups/ first.
            """,
        "quiz": """
            usage: kata quiz [N] [--answer A] | kata quiz N --engine | kata quiz N --svg FILE
                   kata quiz --list
                   kata quiz --interview [--seed S] [--answer "A1;A2;…"]

            A scenario as an iOS developer writes it (RunLoop, Timer, perform…, observers,
            modes) and a question: which ticks fire and when, in what order things come, what
            a run returns, whether a line ever runs. Predict, then kata runs the same scenario
            on the reference engine (a virtual clock) and shows its answer beside yours, its
            timeline, why, and the lesson to read. The answer always comes from that run.
              N               question N (without it: the next one not yet answered)
              --answer, -a    the answer, without a terminal: a letter (b), words in order
                              (entry,beforeWaiting,exit) or times in ms (1000,3500 or none)
              --engine, -e    question N's iOS code beside the engine code that runs
              --svg FILE      draws the engine's timeline of question N into FILE as an SVG
                              picture, for a room to look at once everyone has answered
              --list, -l      the questions, by lesson, with your last answers
              --interview     ten questions across the levels, each timed; a score and the
                              lessons to revisit. --seed S draws the same ten again;
                              --answer takes all ten, separated by ';' (or one --answer each)
            Answers are kept in .kata/progress.json. Exit 0: right (every one, in an
            interview); 1: a wrong answer; 2: an answer kata cannot read, or none given.
            """,
        "verify": """
            usage: kata verify
                   kata verify --mutants [N…]

            The maintainers' check that the kata is well formed:
              1. every lesson passes against Solutions/ (built with --traits Solutions);
              2. every lesson fails against the untouched Exercises/ — the files as committed at
                 git HEAD, copied with the rest of the package to .build/kata-verify/package, so
                 your own edits are never used nor touched — each test with its stub's
                 "not solved yet" line;
              3. no test process crashed or hung in either.
            Prints a summary; exit 0 when all holds, 1 on any mismatch.

            --mutants runs the catalog of wrong answers instead (of lessons N…, or every lesson):
            each Mutants/NN-slug/<mistake>.swift, whose first line is "// Mutant: <what it gets
            wrong>", replaces lesson NN's exercise in the copy verify tests (git HEAD's
            Exercises, in .build/kata-verify) and the lesson must turn red. Names every mutant that
            survives; a mutant that does not compile, still fails with the stub's line, or lacks
            its first line is a catalog error, and so is a lesson with fewer than
            \(MutantCatalog.fewestPerLesson) mutants.
            Exit 0 when every mutant is caught, 1 otherwise.
            """,
    ]
}
