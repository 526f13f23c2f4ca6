/// The text of an SVG file, written element by element: whole-number coordinates and escaped
/// text, so the same drawing always gives the same bytes. What ``TimelinePicture`` draws with.
struct SVGText {
    private(set) var text = ""

    mutating func open(width: Int, height: Int) {
        text += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        text += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#FFFFFF\"/>\n"
    }

    mutating func close() { text += "</svg>\n" }

    mutating func rect(
        x: Int, y: Int, width: Int, height: Int, fill: String, stroke: String? = nil, strokeWidth: Int = 1,
        radius: Int = 0, dashed: Bool = false
    ) {
        var attributes = "x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\" fill=\"\(fill)\""
        if radius > 0 { attributes += " rx=\"\(radius)\"" }
        if let stroke { attributes += " stroke=\"\(stroke)\" stroke-width=\"\(strokeWidth)\"" }
        if dashed { attributes += " stroke-dasharray=\"10 6\"" }
        text += "<rect \(attributes)/>\n"
    }

    mutating func circle(x: Int, y: Int, radius: Int, fill: String) {
        text += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(radius)\" fill=\"\(fill)\"/>\n"
    }

    mutating func polygon(_ points: [(Int, Int)], fill: String) {
        text += "<polygon points=\"\(points.map { "\($0.0),\($0.1)" }.joined(separator: " "))\" fill=\"\(fill)\"/>\n"
    }

    mutating func line(x1: Int, y1: Int, x2: Int, y2: Int, stroke: String, width: Int, dashed: Bool = false) {
        text +=
            "<line x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\" stroke=\"\(stroke)\" stroke-width=\"\(width)\""
            + (dashed ? " stroke-dasharray=\"6 6\"" : "") + "/>\n"
    }

    mutating func text(
        _ content: String, x: Int, y: Int, size: Int, weight: String = "normal", fill: String = "#000000",
        anchor: String = "start", family: String = TimelinePicture.font, rotate: Int = 0
    ) {
        element(SVGText.escape(content), x: x, y: y, size: size, weight: weight, fill: fill, anchor: anchor, family: family, rotate: rotate)
    }

    /// A line of prose whose `inline code` spans (balanced within the line) are drawn in the
    /// `code` font, without their backticks; a line with no backticks is drawn as ``text(_:x:y:size:weight:fill:anchor:family:rotate:)`` draws it.
    mutating func prose(_ content: String, x: Int, y: Int, size: Int, weight: String = "normal", code: String) {
        var markup = ""
        for (index, part) in content.split(separator: "`", omittingEmptySubsequences: false).enumerated() where !part.isEmpty {
            let escaped = SVGText.escape(String(part))
            markup += index % 2 == 0 ? escaped : "<tspan font-family=\"\(code)\">\(escaped)</tspan>"
        }
        element(markup, x: x, y: y, size: size, weight: weight, fill: "#000000", anchor: "start", family: TimelinePicture.font, rotate: 0)
    }

    private mutating func element(
        _ markup: String, x: Int, y: Int, size: Int, weight: String, fill: String, anchor: String,
        family: String, rotate: Int
    ) {
        var attributes = "x=\"\(x)\" y=\"\(y)\" font-family=\"\(family)\" font-size=\"\(size)\" fill=\"\(fill)\""
        if weight != "normal" { attributes += " font-weight=\"\(weight)\"" }
        if anchor != "start" { attributes += " text-anchor=\"\(anchor)\"" }
        if rotate != 0 { attributes += " transform=\"rotate(\(rotate) \(x) \(y))\"" }
        text += "<text \(attributes)>\(markup)</text>\n"
    }

    /// `&`, `<`, `>` and `"` as XML entities.
    static func escape(_ content: String) -> String {
        var out = ""
        for character in content {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
