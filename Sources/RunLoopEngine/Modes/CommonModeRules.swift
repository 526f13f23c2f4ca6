/// The bookkeeping behind `.common`: which modes are common, and which items were added
/// "to the common modes". CF: `_commonModes` and `_commonModeItems` of `struct __CFRunLoop`.
///
/// **Lesson 03 writes this.** `.common` is not a mode: it is a set of mode names. An item
/// added to `.common` is remembered as a common item and added to every common mode; a mode
/// marked common later receives every common item (CF: `CFRunLoopAddCommonMode`). Modes are
/// never unmarked. The engine calls these with the loop's lock held and does the adding: you
/// answer *where*.
///
/// A new loop starts with no common modes here; the engine then marks `.default` common, as CF does.
public protocol CommonModeRules: Sendable {
    /// No common modes, no common items.
    init()
    /// The modes marked common so far.
    var commonModes: Set<Loop.Mode> { get }
    /// `item` is added to `.common`: remember it, and answer the modes it must be added to now.
    mutating func addCommonItem(_ item: Loop.Item) -> Set<Loop.Mode>
    /// `item` is removed from `.common`: forget it, and answer the modes it must be removed from.
    mutating func removeCommonItem(_ item: Loop.Item) -> Set<Loop.Mode>
    /// `mode` is marked common: answer the common items it must receive now
    /// (none if it was common already).
    mutating func markCommon(_ mode: Loop.Mode) -> [Loop.Item]
}

/// The engine's own common-mode bookkeeping.
public struct ReferenceCommonModeRules: CommonModeRules {
    public private(set) var commonModes: Set<Loop.Mode> = []
    private var items: [Loop.Item] = []

    public init() {}

    public mutating func addCommonItem(_ item: Loop.Item) -> Set<Loop.Mode> {
        if !items.contains(item) { items.append(item) }
        return commonModes
    }

    public mutating func removeCommonItem(_ item: Loop.Item) -> Set<Loop.Mode> {
        guard let index = items.firstIndex(of: item) else { return [] }
        items.remove(at: index)
        return commonModes
    }

    public mutating func markCommon(_ mode: Loop.Mode) -> [Loop.Item] {
        guard commonModes.insert(mode).inserted else { return [] }
        return items
    }
}
