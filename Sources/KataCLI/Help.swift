import KataCore

/// `kata --help` and `kata COMMAND --help`, in both languages.
enum Help {
    static let exitCodes = Text(
        en: """
            Exit codes:
              0    done
              1    a check failed (show --solution before the lesson is green; a wrong quiz answer)
              2    bad usage, or not inside the RunLoop Kata package
              3    the package does not build, or a tool kata needs (swift) failed
              130  interrupted (Ctrl-C); 143 terminated (SIGTERM); 129 the terminal hung up
            """,
        zh: """
            退出码：
              0    成功
              1    检查没有通过（课程变绿之前用了 `kata show --solution`；测验答错了）
              2    用法有误，或者当前目录不在 RunLoop Kata 包里
              3    包编译不通过，或者 kata 用到的工具（`swift`）出错
              130  被中断（Ctrl-C）；143 被终止（SIGTERM）；129 终端断开
            """)

    static let overview = Text(
        en: """
            kata — learn how Apple's run loop works by making failing tests pass

            usage: swift run kata [COMMAND] [OPTIONS]

              list [--track T]     every lesson (or a workshop track's), its status, your progress (the default)
              next                 the lesson to work on now: what to write, and where
              show N [--solution]  lesson N: summary, task, current failures (its solution once green)
              hint N               the next hint for lesson N (one more each time)
              watch [N]            re-run the current lesson whenever you save; move on when green
              practice N [--seed S] [--count K]  lesson N against the reference engine on K generated scenarios
              trace [NAME|N] [--svg FILE]  draw a scenario's (or lesson N's) timeline on the reference engine
              reset N [--yes]      put lesson N's exercise back to its original stub (asks first)
              quiz [N]             predict what the loop does, then watch the reference engine do it

            `kata help COMMAND` or `kata COMMAND --help` explains one command.
            Language: --lang en|zh-Hans (kept in .kata/progress.json), else KATA_LANG=en|zh-Hans, else the
            one --lang chose last, else the system's (LANG or LC_ALL starting with zh: Chinese).
            Progress: .kata/progress.json; each lesson's last result: .kata/results.json.
            Builds: .build/kata-exercises (.build/kata-shadow when an exercise does not compile),
            never .build itself, so kata and your own swift build don't wait for each other.
            Build system: SwiftPM's default (Swift Build from SwiftPM 6.4 on, the native one before),
            or the one KATA_BUILD_SYSTEM=native|swiftbuild names.
            NO_COLOR=1 turns colours off.
            """,
        zh: """
            kata —— 让失败的测试一个个通过，从而弄懂 Apple 的 RunLoop 是怎么工作的

            用法：swift run kata [命令] [选项]

              kata list [--track T]     所有课程（或某条工作坊路线的课程）、各自的状态和你的进度（默认命令）
              kata next                 现在该做的课：要写什么，写在哪里
              kata show N [--solution]  第 N 课：概要、任务、当前的失败（变绿之后还能看参考答案）
              kata hint N               第 N 课的下一条提示（每次多给一条）
              kata watch [N]            每次保存都重新运行当前这一课；变绿后自动进入下一课
              kata practice N [--seed S] [--count K]  在 K 个自动生成的场景上，把第 N 课和参考实现比一比
              kata trace [NAME|N] [--svg FILE]  在参考实现上画出一个场景（或第 N 课）的时间线
              kata reset N [--yes]      把第 N 课的练习文件恢复成最初的占位代码（会先问你）
              kata quiz [N]             先预测 RunLoop 会怎么做，再看参考实现实际怎么做

            `kata help COMMAND` 或 `kata COMMAND --help` 说明单个命令。
            语言：先看 --lang en|zh-Hans（会记在 .kata/progress.json 里），其次是 KATA_LANG=en|zh-Hans，
            然后是上次用 --lang 选过的语言，最后是系统语言（LANG 或 LC_ALL 以 `zh` 开头即为简体中文）。
            进度：.kata/progress.json；每一课最近一次的结果：.kata/results.json。
            编译目录：.build/kata-exercises（有练习编译不通过时另用 .build/kata-shadow）。kata 从不使用
            .build 本身，所以它和你自己的 swift build 不会互相等待。设置 NO_COLOR=1 可以关闭颜色。
            构建系统：默认跟随 SwiftPM（SwiftPM 6.4 起是 Swift Build，之前是原生构建系统），
            也可以用 KATA_BUILD_SYSTEM=native|swiftbuild 指定。
            """)

    /// The help for `command` (the overview when there is none or it is unknown), in `language`.
    static func text(for command: String?, in language: Language = .current) -> String {
        guard let command, let text = commands[command] else { return overview.in(language) + "\n\n" + exitCodes.in(language) }
        return text.in(language) + "\n\n" + exitCodes.in(language)
    }

    static let commands: [String: Text] = [
        "list": Text(
            en: """
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
            zh: """
                用法：kata list [--track core|half-day|full]        （直接运行 kata 也一样）

                需要时先编译，然后用你的 Exercises/ 运行每一课的测试，每课打印一行：编号、标题、难度
                （★ 到 ★★★）、类型（实现：你写 RunLoop 的一个机制；使用：你写调用 RunLoop 的代码）、
                通过的测试数、状态（已完成、未通过、未开始（所有测试都还停在占位代码上）、崩溃、
                没有结束、没有测试运行、编译不通过），最后是进度条和下一课。
                  --track T   只列出某条工作坊路线的课程（按顺序）和其中的下一课：`core`（六节核心课，
                              90 分钟）、`half-day`（半天）、`full`（全部）（见 docs/zh-Hans/WORKSHOP.md）。
                """),
        "next": Text(
            en: """
                usage: kata next

                The lesson to work on now: the current lesson if it is not solved, else the first
                unsolved one after it. Shows what the lesson teaches, the page to read, the file
                and the function to write, how to run it alone, and what fails now.
                """,
            zh: """
                用法：kata next

                现在该做的课：当前这一课还没完成就是它，否则是它后面第一节没完成的课。会显示这一课讲
                什么、要读的页面、要写的文件和函数、怎样单独运行它，以及现在哪里失败。
                """),
        "show": Text(
            en: """
                usage: kata show N [--solution]

                Lesson N: what it teaches, the page, the file and function to write, the command that
                runs it alone, and its current failures in one line each.
                  --solution, -s   also print the solution — only once the lesson is green
                                   (exit 1 before that).
                """,
            zh: """
                用法：kata show N [--solution]

                第 N 课：讲什么、课程页面、要写的文件和函数、单独运行它的命令，以及当前的每个失败
                （各一行）。
                  --solution, -s   同时打印参考答案，但只在这一课变绿之后才给
                                   （之前会以退出码 1 结束）。
                """),
        "hint": Text(
            en: """
                usage: kata hint N

                The hints for lesson N seen so far, plus one more each time you ask, until all of
                them are shown. kata remembers how many you have seen (.kata/progress.json).
                The lesson page (Lessons/NN-slug.md) has the same hints, folded.
                """,
            zh: """
                用法：kata hint N

                显示第 N 课已经看过的提示，每问一次多给一条，直到全部给完。kata 会记住你看过几条
                （.kata/progress.json）。课程页面（Lessons/zh-Hans/NN-slug.md）里有同样的提示，默认折叠。
                """),
        "watch": Text(
            en: """
                usage: kata watch [N]

                Runs the current lesson (or lesson N) now and again whenever a .swift file under
                Exercises/ changes (checked twice a second). When the lesson turns green it says so
                and moves on to the next unsolved lesson. Compiler errors are shown; fix and save.
                Ctrl-C leaves: the test run is ended, your progress is already saved.
                """,
            zh: """
                用法：kata watch [N]

                立即运行当前这一课（或第 N 课），之后 Exercises/ 下任何 .swift 文件一有改动（每秒检查
                两次）就再运行一次。这一课变绿时会告诉你，并进入下一节没完成的课。编译错误会显示出来，
                改好后保存即可。按 Ctrl-C 退出：正在运行的测试会被结束，你的进度已经保存好了。
                """),
        "practice": Text(
            en: """
                usage: kata practice N [--seed S] [--count K]

                Runs lesson N's generated scenarios: each is made from a seed, run once with your
                code and once with the reference engine, and their timelines compared. The first
                scenario that differs is shrunk to a few steps and shown side by side, with its
                steps and the command that runs it again. The lesson's own tests run a fixed set
                of seeds; this goes further. For the lessons where you build a mechanism.
                  --seed S    the first seed (a whole number; without it, a new one each time,
                              printed so you can run the same scenarios again)
                  --count K   how many scenarios, 1 to \(PracticeRun.largestCount) (\(PracticeRun.defaultCount) without it)
                Exit 0 when every scenario runs as on the reference engine, 1 otherwise.
                """,
            zh: """
                用法：kata practice N [--seed S] [--count K]

                运行第 N 课自动生成的场景：每个场景由一个种子生成，用你的代码和参考实现各运行一次，
                再比较两条时间线。第一个结果不一样的场景会被缩减到只剩几步，并排显示出来，附上它的
                步骤和再次运行它的命令。课程自己的测试只跑固定的一组种子；这个命令可以试得更多。
                只适用于“实现”类的课（要你写出 RunLoop 某个机制的课）。
                  --seed S    第一个种子（一个整数；不写的话每次换一个新的，并打印出来，
                              方便你再跑同样的场景）
                  --count K   场景个数，1 到 \(PracticeRun.largestCount)（不写就是 \(PracticeRun.defaultCount)）
                退出码 0：每个场景的结果都和参考实现一致；否则为 1。
                """),
        "trace": Text(
            en: """
                usage: kata trace [NAME|N] [--svg FILE]

                Runs a named scenario on the reference engine (a virtual clock: instant, and the
                same every time) and draws its timeline: modes, observer activities, callouts.
                N, a lesson's number: the scenario its page draws. Without NAME: the list of scenarios.
                  --svg FILE              draw the timeline as an SVG picture into FILE instead: one
                                          lane per mode, nested runs stacked, time left to right,
                                          large type and a legend (for a page or a projector).
                """,
            zh: """
                用法：kata trace [NAME|N] [--svg FILE]

                在参考实现上运行一个有名字的场景（用虚拟时钟：瞬间完成，每次结果都一样），并画出它的
                时间线：各个 Mode、观察者的状态、回调。N 是一课的编号：画出这一课页面上的那个场景。
                不带 NAME 时列出所有场景。
                  --svg FILE              改为把时间线画成 SVG 图片写进 FILE：每个 Mode 一条泳道，
                                          嵌套运行上下叠放，时间从左到右，字号大，带图例（适合放进
                                          页面或投影）。
                """),
        "reset": Text(
            en: """
                usage: kata reset N [--yes]

                Puts lesson N's exercise file back to its original stub, the untouched copy kept in
                Stubs/ (no git needed). Says how many lines you would lose and asks y/N; --yes, -y
                skips the question. Your version is kept in .kata/backups/ first.
                """,
            zh: """
                用法：kata reset N [--yes]

                把第 N 课的练习文件恢复成最初的占位代码，也就是 Stubs/ 里保存的那份原样副本（不需要
                `git`）。会先告诉你将丢失多少行，再问你 y/N；加 --yes 或 -y 就不问。恢复之前，你的
                版本会先保存到 .kata/backups/。
                """),
        "quiz": Text(
            en: """
                usage: kata quiz [N] [--answer A] | kata quiz N --engine | kata quiz N --svg FILE
                       kata quiz --list
                       kata quiz --interview [--level senior] [--seed S] [--answer "A1;A2;…"]
                      kata quiz --interview --questions N,N,… [--answer "A1;A2;…"]
                       kata quiz --interview --questions N,N,… [--answer "A1;A2;…"]

                A scenario as an iOS developer writes it (RunLoop, Timer, perform…, observers,
                modes) and a question: which ticks fire and when, in what order things come, what
                a run returns, whether a line ever runs. Predict, then kata runs the same scenario
                on the reference engine (a virtual clock) and shows its answer beside yours, its
                timeline, why, and the lesson to read. The answer always comes from that run.
                  N               question N (without it: the next one not yet answered)
                  --answer, -a    the answer, without a terminal: a letter (b), words in order
                                  (entry,beforeWaiting,exit), times in ms (1000,3500 or none), or
                                  for "which fix" and "which tool", every option that works (a,c)
                  --engine, -e    question N's iOS code beside the engine code that runs
                  --svg FILE      draws the engine's timeline of question N into FILE as an SVG
                                  picture, for a room to look at once everyone has answered
                  --list, -l      the questions, by lesson, with your last answers
                  --interview     ten questions from ten lessons, each timed; a score, the
                                  kinds of question missed and the lessons to revisit.
                                  --seed S draws the same ten again;
                                  --answer takes all ten, separated by ';' (or one --answer each);
                                  after a question with a follow-up, add your own grade of your
                                  explanation: b | y (you said what the model answer says) or b | n
                  --level L       mixed (the default: 3 of ★, 4 of ★★, 3 of ★★★) or senior (★★★
                                  weighed most, a "which fix" or "which tool" whose options the
                                  engine runs, and at least three of those or "explain")
                  --questions N,N,…  these questions, in this order, instead of a draw: the same
                                  interview for a whole room
                Answers are kept in .kata/progress.json. Exit 0: right (every one, in an
                interview); 1: a wrong answer; 2: an answer kata cannot read, or none given.
                """,
            zh: """
                用法：kata quiz [N] [--answer A] | kata quiz N --engine | kata quiz N --svg FILE
                      kata quiz --list
                      kata quiz --interview [--level senior] [--seed S] [--answer "A1;A2;…"]
                      kata quiz --interview --questions N,N,… [--answer "A1;A2;…"]

                一段 iOS 开发者写的场景代码（RunLoop、Timer、perform…、观察者、Mode）和一个问题：
                哪些定时器会触发、什么时候触发，事情按什么顺序发生，一次运行返回什么，某一行到底会不会
                执行。你先预测，kata 再在参考实现上（虚拟时钟）运行同一个场景，把它的答案和你的并排
                显示，附上时间线、原因和该读的课。答案永远来自这次运行。
                  N               第 N 题（不写就是下一道还没答过的题）
                  --answer, -a    不用终端交互直接给出答案：一个字母（b）、按顺序的词
                                  （`entry,beforeWaiting,exit`），以毫秒为单位的时间（1000,3500 或 `none`），
                                  或者“选出修复”“选出工具”题里所有可行选项的字母（a,c）
                  --engine, -e    第 N 题的 iOS 代码，旁边是实际运行的引擎代码
                  --svg FILE      把第 N 题的引擎时间线画成 SVG 图片写进 FILE，等大家都答完后一起看
                  --list, -l      按课列出所有题目，以及你最近一次的答案
                  --interview     来自十课的十道题，每题计时；最后给出得分、答错的题型和建议重读的课。
                                  --seed S 可以再抽到同样的十道题；--answer 一次给出全部十个答案，
                                  用 ';' 分隔（或者每题一个 --answer）；带追问的题，在答案后面
                                  加上你给自己解释的评分：b | y（你说的和参考答案一致）或 b | n
                  --level L       `mixed`（默认：★ 3 道、★★ 4 道、★★★ 3 道）或 `senior`（偏重 ★★★，
                                  有一道由引擎逐个运行选项的“选出修复”或“选出工具”，并且这两种
                                  加上“解释原因”至少三道）
                  --questions N,N,…  不抽题，按给定顺序做这些题：全场做同一套面试题
                答案保存在 .kata/progress.json。退出码 0：答对（面试模式下要全对）；1：有答错的；
                2：kata 读不懂答案，或者没有给答案。
                """),
    ]

    /// `kata dev --help`: the maintainers' commands, in English only (maintainers read the code).
    static let dev = """
        usage: kata dev verify [--solutions-in-place]   Solutions green, untouched stubs red, no crash
               kata dev verify --mutants [N…]    every wrong answer in Mutants/ turns its lesson red
               kata dev red-team DIR             wrong answers not in the catalog: killed, escaped, did not build
               kata dev patch-mutants            whole-file mutants (Mutants/NN-slug/*.swift) into patches
               kata dev unpatch-mutants          the patches back into whole files
               kata dev lesson-images            draw every lesson's key scenario into its page's pictures
               kata dev sync [--check]           write every copy of a catalog fact (--check: change nothing, fail if any would)
               kata dev new-lesson NN slug --use|--build   every file of lesson NN, as skeletons

        verify builds a copy of the package in .build/kata-verify/package whose Exercises/ are the
        untouched stubs of Stubs/ (your own edits are never used nor touched) and checks that:
          1. every lesson passes against Solutions/ (built with --traits Solutions);
          2. every lesson fails against the stubs, each test with its stub's "not solved yet" line;
          3. no test process crashed or hung in either.
        --solutions-in-place runs step 1 in .build/solutions, as the maintainers' command (`swift
        test --traits Solutions --scratch-path .build/solutions`) built it, instead of building the
        copy a second time (CI, right after that command); it refuses when an exercise is not its
        untouched stub.
        Exit 0 when all holds, 1 on any mismatch.

        verify --mutants runs the catalog of wrong answers (of lessons N…, or every lesson) in the
        same copy: each Mutants/NN-slug/<mistake>.patch is a unified diff against lesson NN's
        Solution whose first line is "// Mutant: <what it gets wrong>"; the Solution with the patch
        applied replaces the lesson's exercise and the lesson must turn red. Names every mutant that
        survives; a patch that does not apply, a mutant that does not compile, still fails with the
        stub's line, or lacks its first line is a catalog error, and so is a lesson with fewer than
        \(MutantCatalog.fewestPerLesson) mutants. Exit 0 when every mutant is caught, 1 otherwise.

        red-team DIR measures a fresh set of wrong answers the same way: DIR is laid out as Mutants/
        (DIR/NN-slug/<mistake>.patch, or <mistake>.swift, a whole replacement of the lesson's
        Solution file; first line "// Mutant: …"). Each answer is reported as killed, escaped (its
        lesson stays green) or did not build, then the totals; one that cannot be tried (no first
        line, a patch that does not apply) is named with why, and the others run all the same.
        Only the copy's Exercises are written; the working tree is never touched. Exit 0 when every
        answer is killed, 1 otherwise, 2 when DIR holds no wrong answer.

        patch-mutants turns each whole-file mutant (a copy of the Solution with the mistake in it,
        first line "// Mutant: …") into its patch and deletes the whole file; it changes nothing
        when there is none. A patch of the same name is replaced. unpatch-mutants does the
        inverse, for a change of the Solutions that would leave the patches' context behind (such
        as reformatting): unpatch, change the Solutions and the whole files alike, patch again.

        lesson-images writes Lessons/images/NN-slug.svg and Lessons/images/zh-Hans/NN-slug.svg
        (a test fails when a committed picture is out of date).

        sync writes every file that holds a copy of a catalog fact from its one source, the
        lesson's own file (Sources/KataCore/Lessons/LessonNN.swift): the lists of lessons
        (CourseLesson.all, the lesson tests' tags), each lesson page's header block (title, level,
        kind, builds on, next) and Hints section in both languages, the READMEs' lesson tables and
        counts, the WORKSHOPs' quiz counts. sync --check writes nothing, names each file that would
        change, and exits 1 if any would (CI runs it).

        new-lesson writes every file lesson NN needs (its catalog file with its key scenario and
        story, its quiz bank file, the exercise, stub, Solution and tests, both pages), each gap
        marked TO WRITE (a test fails while one is left), then the lists of lessons, and prints
        what is left to write. NN must be the next number (with --after-gap, any later one: a lesson
        written on a branch beside the ones before it); it refuses, writing nothing, when a file
        it would write exists or the slug is not lower-case words joined by '-'.
        """
}
