import Testing
import TraceViews

/// Mixed English and Chinese breaks where a reader expects it: never inside a code span, an
/// English word or a name, and never with one lone piece on the last line.
@Suite("Lines of mixed English and Chinese break where a reader expects")
struct LineBreaksTests {
    @Test("The last line is never one Chinese character alone")
    func noOrphan() {
        let question = "default Mode 里只有一个一次性定时器，1 秒后到期。一次 10 秒的 CFRunLoopRunInMode 返回什么？"
        for width in 20...90 {
            let lines = LineBreaks.lines(question, width: width)
            if lines.count > 1 {
                #expect(lines.last != "么？", "width \(width): \(lines)")
                #expect(LineBreaks.pieces(of: lines.last!).count > 1, "width \(width): \(lines)")
            }
        }
    }

    @Test("A code span is one piece: its spaces do not break")
    func codeSpanWhole() {
        let text = "`woke: port` → 事件一轮一轮地处理，中间没有 `before waiting`/`after waiting`（RunLoop 在轮询）→ `before waiting`"
        for width in 30...110 {
            for line in LineBreaks.lines(text, width: width) {
                #expect(line.filter { $0 == "`" }.count % 2 == 0, "width \(width) breaks inside a code span: \(line)")
            }
        }
        #expect(LineBreaks.pieces(of: "先 `\"reload table\"`，再说").map(\.text).contains("`\"reload table\"`，"))
    }

    @Test("A code span longer than a line breaks at its spaces; a lone backtick is a character")
    func longSpan() {
        let lines = LineBreaks.lines("用 `while !shouldStop.isSet { _ = try? loop.run(mode: .default, before: .distantFuture) }` 运行", width: 40)
        #expect(lines.allSatisfy { $0.columns <= 40 }, "\(lines)")
        #expect(LineBreaks.pieces(of: "一个 ` 号 and more").map(\.text) == ["一", "个", "`", "号", "and", "more"])
    }
}
